import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';

/** The search link: the icon alone on phones, where the header has little room. */
export function FindPropertyLink() {
  return (
    <Button
      component={RouterLink}
      to="/listings"
      aria-label="Find property"
      startIcon={<SearchIcon />}
      sx={{ whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        Find property
      </Box>
    </Button>
  );
}
