import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import type { ListingImage } from '@/lib/api/listings';

/** A large photo with previous/next buttons and a strip of thumbnails. */
export function ImageGallery({ images, name }: { images: ListingImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <Box
        data-testid="gallery-placeholder"
        sx={{
          height: 320,
          borderRadius: 2,
          bgcolor: 'action.hover',
          color: 'text.secondary',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <HomeWorkOutlinedIcon sx={{ fontSize: 56 }} />
        <Typography>No photos yet</Typography>
      </Box>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <Box component="section" aria-label="Photos">
      <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.900' }}>
        <Box
          component="img"
          src={current.url}
          alt={`${name}, photo ${index + 1} of ${images.length}`}
          sx={{ width: '100%', height: { xs: 260, md: 420 }, objectFit: 'contain', display: 'block' }}
        />
        {images.length > 1 && (
          <>
            <IconButton
              aria-label="Previous photo"
              onClick={() => go(-1)}
              sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,0.8)' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next photo"
              onClick={() => go(1)}
              sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,0.8)' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {images.length > 1 && (
        <ImageList cols={Math.min(images.length, 6)} rowHeight={72} gap={6} sx={{ mt: 1 }}>
          {images.map((image, i) => (
            <ImageListItem
              key={image._id}
              component="button"
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index}
              sx={{
                p: 0,
                border: 2,
                borderColor: i === index ? 'primary.main' : 'transparent',
                borderRadius: 1,
                overflow: 'hidden',
                cursor: 'pointer',
                bgcolor: 'transparent',
              }}
            >
              <img src={image.thumbnailUrl || image.url} alt="" loading="lazy" style={{ height: '100%', objectFit: 'cover' }} />
            </ImageListItem>
          ))}
        </ImageList>
      )}
    </Box>
  );
}
