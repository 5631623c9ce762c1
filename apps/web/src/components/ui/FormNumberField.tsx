import { useController, type FieldValues } from 'react-hook-form';
import type { FormTextFieldProps } from './FormTextField';
import { NumberField } from './NumberField';

/** An amount field bound to react-hook-form: the form holds plain digits, the field shows 4,610,000. */
export function FormNumberField<T extends FieldValues>({
  name,
  control,
  rules,
  helperText,
  decimalScale,
  ...props
}: Omit<FormTextFieldProps<T>, 'type'> & { decimalScale?: number }) {
  const { field, fieldState } = useController({ name, control, rules });
  return (
    <NumberField
      {...props}
      name={field.name}
      value={field.value == null ? '' : String(field.value)}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      decimalScale={decimalScale}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
