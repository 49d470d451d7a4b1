import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export const DashboardHome = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.accueil')} />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('app.bienvenue')}
        </Typography>
        <Typography>Choisissez une rubrique dans le menu.</Typography>
      </CardContent>
    </Card>
  );
};
