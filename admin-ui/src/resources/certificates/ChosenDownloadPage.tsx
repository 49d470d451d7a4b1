import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { AdmittedList } from './AdmittedList';

const PATH = 'espace-examen/gestion-des-admissions/attestations/telechargement-des-attestations';

/**
 * « Téléchargement des attestations »: tick admitted candidates of a session, then one PDF of their
 * attestations (or diplomas), made by the workers with its progress bar.
 */
export const ChosenDownloadPage = () => (
  <Box sx={{ mt: 1 }}>
    <Title title="Téléchargement des attestations" />
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Choisissez la session, cochez les candidats (jusqu’à 1 000), puis téléchargez leurs
      attestations ou leurs diplômes en un seul PDF, une page par candidat. Un code de vérification
      est attribué à chacun la première fois, et ne change plus.
    </Typography>
    <AdmittedList resource={PATH} chosen />
  </Box>
);
