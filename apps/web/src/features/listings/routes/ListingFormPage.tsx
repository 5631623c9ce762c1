import { useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { CURRENCIES, FURNISHINGS, LISTING_TYPES, UPLOAD_LIMITS, kindsOfType, type ListingType } from '@app/domain';
import { FormTextField } from '@/components/ui/FormTextField';
import { FormNumberField } from '@/components/ui/FormNumberField';
import { ListingNotFound } from '@/components/ui/ListingNotFound';
import {
  useCreateListingMutation,
  useDeleteListingImageMutation,
  useGetListingByIdQuery,
  useListBarangaysQuery,
  useUpdateListingMutation,
} from '@/lib/api/generated';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { listingArgs, type Listing, type Place } from '@/lib/api/listings';
import { enhancedApi, LIST_ID } from '@/lib/api/tags';
import { isAdmin } from '@/lib/api/types';
import { APP_NAME } from '@/lib/config';
import { listingUploadUrls, uploadMultipart } from '@/lib/api/upload';
import { LISTING_STATUS_LABELS, furnishingLabel, kindLabel, listingTypeLabel } from '@/lib/listing-text';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { AddressPicker } from '../components/AddressPicker';
import { LocationPicker, type LatLng } from '../components/LocationPicker';
import { distanceKm, pinCheckRadiusKm } from '../form/pin-distance';
import { UploadQueue } from '../components/UploadQueue';
import { listingErrorMessage, uploadErrorText } from '../errors';
import {
  AMENITY_SUGGESTIONS,
  EMPTY_LISTING_FORM,
  FORM_TAGS,
  MESSAGES,
  STEPS,
  STEP_FIELDS,
  asText,
  fromListing,
  isNonNegativeNumber,
  isWholeNumber,
  kindForType,
  toCreateBody,
  toUpdateBody,
  type ListingFormValues,
} from '../form/listing-form';
import { MAX_FILE_MB, checkFiles, queueFiles, type QueuedFile, type UploadKind } from '../form/uploads';

/** The kinds of the chosen type; a kind from another type is cleared when the type changes. */
function KindField() {
  const { control, getValues, setValue } = useFormContext<ListingFormValues>();
  const type = useWatch({ control, name: 'type' });
  const kind = useWatch({ control, name: 'kind' });
  const kinds = type ? kindsOfType(type as ListingType) : [];
  // a kind of the previous type stays an (unshown) option until the effect below clears it
  const stale = kind && !(kinds as string[]).includes(kind) ? kind : null;
  useEffect(() => {
    const kind = getValues('kind');
    if (kind && kindForType(kind, type) !== kind) setValue('kind', '');
  }, [type, getValues, setValue]);
  return (
    <FormTextField
      name="kind"
      control={control}
      select
      label="Property kind"
      disabled={kinds.length === 0 && !stale}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={type && kinds.length === 0 ? 'No kinds for this type' : !type ? 'Choose the type first' : undefined}
    >
      <MenuItem value="">Not said</MenuItem>
      {kinds.map((k) => (
        <MenuItem key={k} value={k}>
          {kindLabel(k)}
        </MenuItem>
      ))}
      {stale && (
        <MenuItem value={stale} sx={{ display: 'none' }}>
          {kindLabel(stale)}
        </MenuItem>
      )}
    </FormTextField>
  );
}

function BasicsStep() {
  const { control } = useFormContext<ListingFormValues>();
  const currency = useWatch({ control, name: 'currency' });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormTextField
          name="name"
          control={control}
          label="Listing name"
          placeholder="e.g. 3-bedroom house near Katipunan"
          rules={{
            validate: (v) => {
              const name = asText(v).trim();
              if (!name) return MESSAGES.nameRequired;
              if (name.length < 3) return MESSAGES.nameShort;
              return name.length <= 120 || MESSAGES.nameLong;
            },
          }}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          name="offer"
          control={control}
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={field.value}
              onChange={(_e, v: string | null) => v && field.onChange(v)}
              aria-label="Offer"
            >
              <ToggleButton value="sale">For sale</ToggleButton>
              <ToggleButton value="rent">For rent</ToggleButton>
            </ToggleButtonGroup>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="type" control={control} select label="Property type" rules={{ required: MESSAGES.typeRequired }}>
          {LISTING_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {listingTypeLabel(t)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <KindField />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="status" control={control} select label="Status">
          {Object.entries(LISTING_STATUS_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <FormNumberField
          name="price"
          control={control}
          label="Price"
          helperText="Asking price, or the monthly rent for a rental"
          rules={{
            validate: (v) => (!asText(v).trim() ? MESSAGES.priceRequired : isNonNegativeNumber(v) || MESSAGES.priceInvalid),
          }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">{currency === 'PHP' ? '₱' : currency}</InputAdornment> },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField name="currency" control={control} select label="Currency">
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={12}>
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <Autocomplete
              multiple
              options={[...FORM_TAGS]}
              value={field.value}
              onChange={(_e, v) => field.onChange(v)}
              renderInput={(params) => <TextField {...params} label="Tags" helperText="Title, condition, pets..." />}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField
          name="description"
          control={control}
          label="Description"
          multiline
          minRows={4}
          rules={{ maxLength: { value: 5000, message: MESSAGES.descriptionLong } }}
        />
      </Grid>
    </Grid>
  );
}

function LocationStep({ visible }: { visible: boolean }) {
  const { control, setValue } = useFormContext<ListingFormValues>();
  const [focus, setFocus] = useState<LatLng | null>(null);
  const onPlacePicked = (place: Place) => {
    if (place.lat == null || place.lng == null) return;
    const point = { lat: place.lat, lng: place.lng };
    setFocus(point);
    // The pin moves to the chosen city, then to the chosen barangay's centre; the owner then drags it to the exact spot.
    setValue('location', point, { shouldValidate: true, shouldDirty: true });
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={2}>
          <AddressPicker onPlacePicked={onPlacePicked} />
          <FormTextField name="street" control={control} label="Street address (optional)" placeholder="House no., street, subdivision" />
          <FormTextField name="addressType" control={control} label="Address type (optional)" placeholder="e.g. house and lot, condominium unit" />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Controller
          name="location"
          control={control}
          rules={{ validate: (v) => (v !== null && Number.isFinite(v.lat) && Number.isFinite(v.lng)) || MESSAGES.locationRequired }}
          render={({ field, fieldState }) =>
            visible ? (
              <LocationPicker value={field.value} onChange={field.onChange} focus={focus} error={fieldState.error?.message} />
            ) : (
              <></>
            )
          }
        />
      </Grid>
    </Grid>
  );
}

function DetailsStep() {
  const { control } = useFormContext<ListingFormValues>();
  const size = { validate: (v: unknown) => isNonNegativeNumber(v) || MESSAGES.sizeInvalid };
  const count = { validate: (v: unknown) => isWholeNumber(v) || MESSAGES.countInvalid };
  const m2 = { input: { endAdornment: <InputAdornment position="end">m²</InputAdornment> } };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormNumberField name="lotSize" control={control} label="Lot size" rules={size} slotProps={m2} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormNumberField name="floorSize" control={control} label="Floor size" rules={size} slotProps={m2} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="bedrooms" control={control} label="Bedrooms" type="number" rules={count} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="bathrooms" control={control} label="Bathrooms" type="number" rules={count} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="parkingSlots" control={control} label="Parking slots" type="number" rules={count} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          name="furnishing"
          control={control}
          select
          label="Furnishing"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Not said</MenuItem>
          {FURNISHINGS.map((f) => (
            <MenuItem key={f} value={f}>
              {furnishingLabel(f)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={12}>
        <Controller
          name="amenities"
          control={control}
          render={({ field }) => (
            <Autocomplete
              multiple
              freeSolo
              options={AMENITY_SUGGESTIONS}
              value={field.value}
              onChange={(_e, v) => field.onChange([...new Set(v.map((a) => a.trim()).filter(Boolean))])}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={option} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField {...params} label="Amenities" helperText="Pick from the list or type your own and press Enter" />
              )}
            />
          )}
        />
      </Grid>
    </Grid>
  );
}

function ExistingPhotos({ listing }: { listing: Listing }) {
  const dispatch = useAppDispatch();
  const [deleteImage, { isLoading }] = useDeleteListingImageMutation();
  if (listing.images.length === 0) return null;
  const remove = async (imageId: string) => {
    try {
      await deleteImage(listingArgs.deleteImage(listing._id, imageId)).unwrap();
      dispatch(toast.info('Photo removed'));
    } catch (error) {
      dispatch(toast.error('Could not remove the photo', listingErrorMessage(error)));
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Current photos</Typography>
      <ImageList cols={4} rowHeight={110} gap={8} aria-label="Current photos">
        {listing.images.map((image, i) => (
          <ImageListItem key={image._id}>
            <img src={image.thumbnailUrl || image.url} alt={`Photo ${i + 1}`} style={{ height: '100%', objectFit: 'cover' }} />
            <ImageListItemBar
              actionIcon={
                <IconButton aria-label={`Delete photo ${i + 1}`} onClick={() => remove(image._id)} disabled={isLoading} sx={{ color: '#fff' }}>
                  <DeleteIcon />
                </IconButton>
              }
            />
          </ImageListItem>
        ))}
      </ImageList>
    </Stack>
  );
}

interface ListingFormProps {
  /** The listing being edited; absent when adding one. */
  listing?: Listing;
}

function ListingForm({ listing }: ListingFormProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = useAppSelector(selectAuth);
  const methods = useForm<ListingFormValues>({
    defaultValues: listing ? fromListing(listing) : EMPTY_LISTING_FORM,
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(listing ? STEPS.length - 1 : 0);
  const [images, setImages] = useState<QueuedFile[]>([]);
  const [documents, setDocuments] = useState<QueuedFile[]>([]);
  const [imageProblems, setImageProblems] = useState<string[]>([]);
  const [documentProblems, setDocumentProblems] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The save was refused for the member's plan (402: the active-listings limit): the error offers the plans. */
  const [planLimited, setPlanLimited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  // The listing on the server: the one edited, or the one just created (a retry then updates it).
  const savedRef = useRef<Listing | null>(listing ?? null);
  const [createListing] = useCreateListingMutation();
  const [updateListing] = useUpdateListingMutation();
  const editing = !!listing;

  const goTo = async (target: number) => {
    if (target > step) {
      // Moving forward checks every step on the way.
      for (let s = step; s < target; s++) {
        const ok = await methods.trigger(STEP_FIELDS[s] as (keyof ListingFormValues)[], { shouldFocus: true });
        if (!ok) {
          setStep(s);
          return;
        }
      }
    }
    setStep(target);
    setReached((r) => Math.max(r, target));
  };

  const addFiles = (kind: UploadKind, files: File[]) => {
    const queue = kind === 'images' ? images : documents;
    const pending = queue.filter((q) => q.status !== 'done').length;
    const { accepted, problems } = checkFiles(kind, pending, files);
    const set = kind === 'images' ? setImages : setDocuments;
    (kind === 'images' ? setImageProblems : setDocumentProblems)(problems);
    set((q) => [...q, ...queueFiles(accepted)]);
  };
  const removeFile = (kind: UploadKind, id: string) =>
    (kind === 'images' ? setImages : setDocuments)((q) => q.filter((f) => f.id !== id));
  const patchFile = (kind: UploadKind, id: string, patch: Partial<QueuedFile>) =>
    (kind === 'images' ? setImages : setDocuments)((q) => q.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  /** One request per file, in order, so each file has its own progress and its own error. */
  const uploadAll = async (kind: UploadKind, listingId: string, queue: QueuedFile[]): Promise<boolean> => {
    let allOk = true;
    for (const item of queue.filter((q) => q.status !== 'done')) {
      patchFile(kind, item.id, { status: 'uploading', progress: 0, error: undefined });
      const result = await uploadMultipart({
        url: kind === 'images' ? listingUploadUrls.images(listingId) : listingUploadUrls.ownership(listingId),
        field: kind === 'images' ? 'image' : 'documents',
        files: [item.file],
        token,
        onProgress: (progress) => patchFile(kind, item.id, { progress }),
      });
      if (result.ok) {
        patchFile(kind, item.id, { status: 'done', progress: 1 });
      } else {
        allOk = false;
        patchFile(kind, item.id, { status: 'error', error: uploadErrorText(kind, result.status) });
      }
    }
    return allOk;
  };

  const [cityCode, barangayCode] = useWatch({ control: methods.control, name: ['cityCode', 'barangayCode'] });
  const barangays = useListBarangaysQuery({ cityCode }, { skip: !cityCode });
  const barangay = barangays.data?.find((b) => b.code === barangayCode);
  const [farPin, setFarPin] = useState<{ values: ListingFormValues; km: number; place: Place } | null>(null);

  /** Saving a pin far from the chosen barangay asks first: listings are found by their pin. */
  const onValid = async (values: ListingFormValues) => {
    const pin = values.location;
    if (pin && barangay && barangay.lat != null && barangay.lng != null) {
      const km = distanceKm(pin, { lat: barangay.lat, lng: barangay.lng });
      if (km > pinCheckRadiusKm(barangay.areaKm2)) {
        setFarPin({ values, km, place: barangay });
        return;
      }
    }
    await save(values);
  };

  const resolveFarPin = async (move: boolean) => {
    if (!farPin) return;
    const { values, place } = farPin;
    setFarPin(null);
    if (move) {
      const centre = { lat: place.lat!, lng: place.lng! };
      methods.setValue('location', centre, { shouldDirty: true, shouldValidate: true });
      await save({ ...values, location: centre });
    } else await save(values);
  };

  const save = async (values: ListingFormValues) => {
    setSubmitError(null);
    setPlanLimited(false);
    setBusy(true);
    try {
      let saved = savedRef.current;
      try {
        saved = saved
          ? await updateListing(listingArgs.update(toUpdateBody(values, saved))).unwrap()
          : await createListing(listingArgs.create(toCreateBody(values))).unwrap();
        savedRef.current = saved;
        if (!editing) setCreated(true);
      } catch (error) {
        setSubmitError(listingErrorMessage(error));
        setPlanLimited(errorStatus(error) === 402);
        return;
      }
      const imagesOk = await uploadAll('images', saved._id, images);
      const documentsOk = await uploadAll('documents', saved._id, documents);
      if (images.length || documents.length) {
        // The uploads went around RTK Query (XMLHttpRequest for progress): refresh its cache by hand.
        dispatch(
          enhancedApi.util.invalidateTags([{ type: 'Listing', id: saved._id }, { type: 'Listing', id: LIST_ID }, 'SavedItem']),
        );
      }
      if (!imagesOk || !documentsOk) {
        setSubmitError(
          editing
            ? 'Your changes are saved, but some files did not upload. Remove them or try again.'
            : 'The listing is created, but some files did not upload. Remove them or try again.',
        );
        return;
      }
      dispatch(toast.success(editing ? 'Listing updated' : 'Listing created', saved.name));
      navigate(`/listings/${saved._id}`);
    } finally {
      setBusy(false);
    }
  };

  const onInvalid = (errors: FieldErrors<ListingFormValues>) => {
    const first = STEP_FIELDS.findIndex((fields) => fields.some((f) => errors[f]));
    if (first >= 0) setStep(first);
  };

  const last = step === STEPS.length - 1;
  const submitLabel = editing ? 'Save changes' : created ? 'Save and retry uploads' : 'Create listing';

  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={methods.handleSubmit(onValid, onInvalid)} aria-label={editing ? 'Edit listing' : 'Add listing'}>
        <Stack spacing={3}>
          <Stepper nonLinear activeStep={step} alternativeLabel>
            {STEPS.map((label, i) => (
              <Step key={label} completed={i < reached && i !== step}>
                <StepButton onClick={() => void goTo(i)} disabled={i > reached || busy}>
                  {label}
                </StepButton>
              </Step>
            ))}
          </Stepper>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
              {STEPS[step]}
            </Typography>
            {/* Every step stays mounted (hidden when inactive) so the final submit validates them all. */}
            <Box hidden={step !== 0}>
              <BasicsStep />
            </Box>
            <Box hidden={step !== 1}>
              <LocationStep visible={step === 1} />
            </Box>
            <Box hidden={step !== 2}>
              <DetailsStep />
            </Box>
            <Box hidden={step !== 3}>
              <Stack spacing={3}>
                {listing && <ExistingPhotos listing={listing} />}
                <UploadQueue
                  title="Photos"
                  hint={`Images only, up to ${UPLOAD_LIMITS.maxFiles} at a time, ${MAX_FILE_MB} MB each. The first photo is the cover.`}
                  buttonLabel="Add photos"
                  accept="image/*"
                  items={images}
                  problems={imageProblems}
                  disabled={busy}
                  onAdd={(files) => addFiles('images', files)}
                  onRemove={(id) => removeFile('images', id)}
                  inputTestId="photos-input"
                />
                <UploadQueue
                  title="Proof of ownership"
                  hint={`A title, tax declaration or deed: PDF or image, up to ${MAX_FILE_MB} MB each. Only you and the ${APP_NAME} team can see them.`}
                  buttonLabel="Add documents"
                  accept="application/pdf,image/*"
                  items={documents}
                  problems={documentProblems}
                  disabled={busy}
                  onAdd={(files) => addFiles('documents', files)}
                  onRemove={(id) => removeFile('documents', id)}
                  inputTestId="documents-input"
                />
              </Stack>
            </Box>
          </Paper>
          <Dialog open={!!farPin} onClose={() => setFarPin(null)} aria-labelledby="far-pin-title">
            <DialogTitle id="far-pin-title">Is the pin in the right place?</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {farPin &&
                  `The pin is ${farPin.km < 10 ? farPin.km.toFixed(1) : Math.round(farPin.km)} km from the centre of ${farPin.place.name}, the barangay you chose. Buyers and renters find listings by their pin.`}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={() => void resolveFarPin(false)}>Keep my pin</Button>
              <Button variant="contained" onClick={() => void resolveFarPin(true)}>
                {farPin ? `Move pin to ${farPin.place.name}` : 'Move pin'}
              </Button>
            </DialogActions>
          </Dialog>
          {submitError && (
            <Alert
              severity="error"
              role="alert"
              action={
                planLimited ? (
                  <Button component={RouterLink} to="/plans" color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
                    See plans
                  </Button>
                ) : undefined
              }
            >
              {submitError}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || busy}>
              Back
            </Button>
            <Stack direction="row" spacing={1}>
              {editing && !last && (
                <Button type="submit" variant="outlined" disabled={busy}>
                  Save changes
                </Button>
              )}
              {/* Distinct keys: reusing one <button> would turn the click on "Next" into a submit. */}
              {last ? (
                <Button key="submit" type="submit" variant="contained" disabled={busy}>
                  {busy ? 'Saving…' : submitLabel}
                </Button>
              ) : (
                <Button key="next" variant="contained" onClick={() => void goTo(step + 1)} disabled={busy}>
                  Next
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}

/** /listings/new */
export function NewListingPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Add listing
      </Typography>
      <ListingForm />
    </Container>
  );
}

/** /listings/:id/edit — for the owner (and admins). */
export function EditListingPage() {
  const { id = '' } = useParams();
  const { user } = useAppSelector(selectAuth);
  const { data: listing, error, isLoading } = useGetListingByIdQuery({ id }, { skip: !id });
  const status = errorStatus(error);
  if (status === 404 || status === 400) return <ListingNotFound backTo="/my/listings" backLabel="My listings" />;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Edit listing
      </Typography>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading || !listing ? (
        <Skeleton variant="rounded" height={400} />
      ) : user && (user._id === listing.owner._id || isAdmin(user)) ? (
        <ListingForm key={listing._id} listing={listing} />
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={`/listings/${listing._id}`} color="inherit" size="small">
              View listing
            </Button>
          }
        >
          You can only edit your own listings.
        </Alert>
      )}
    </Container>
  );
}
