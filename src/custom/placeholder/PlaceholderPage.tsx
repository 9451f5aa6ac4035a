// What a route shows until its screen lands: the screen's Persian title and a short note.
// One lazy chunk shared by every such route.
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link, Title } from 'react-admin';

interface PlaceholderPageProps {
  title: string;
  /** Outside the shell (e.g. /registerdomain): centred on the page, with a way back. */
  standalone?: boolean;
}

export default function PlaceholderPage({ title, standalone = false }: PlaceholderPageProps) {
  const card = (
    <Card sx={{ mt: standalone ? 0 : 2, maxWidth: 640, width: '100%' }}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56, mb: 2 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">این بخش به‌زودی فعال می‌شود</Typography>
        {standalone && (
          <Button component={Link} to="/login" sx={{ mt: 3 }}>
            بازگشت به صفحه ورود
          </Button>
        )}
      </CardContent>
    </Card>
  );
  if (!standalone) return card;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      {card}
    </Box>
  );
}
