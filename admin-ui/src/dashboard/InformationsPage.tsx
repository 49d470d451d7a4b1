import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading, Title, useDataProvider } from 'react-admin';
import { formatDateTime, useOfficeTimeZone } from '../common/format';
import { BUILD_ID } from '../common/version';
import type { ExamensDataProvider } from './dataProvider';
import { MaintenanceCard } from './MaintenanceCard';

const ADAPTERS: Record<string, string> = {
  evenements: 'Journal des événements',
  lectures: 'Modèles de lecture',
  travaux: 'File des travaux',
  sessions: 'Sessions',
};

const Rows = ({ rows }: { rows: [string, ReactNode][] }) => (
  <Table size="small">
    <TableBody>
      {rows.map(([label, value]) => (
        <TableRow key={label}>
          <TableCell component="th" scope="row" sx={{ width: 280, fontWeight: 500 }}>
            {label}
          </TableCell>
          <TableCell>{value}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** What runs and for how long the session lasts: what support asks first. */
export const InformationsPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['informations'],
    queryFn: () => dataProvider.informations(),
  });
  const timeZone = useOfficeTimeZone();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Informations" />
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Section title="Application">
          <Typography color="error">{(error as Error | null)?.message}</Typography>
        </Section>
      ) : (
        <>
          <Section title="Application">
            <Rows
              rows={[
                ['Version', data.version],
                ['Build du serveur', data.buildId],
                ['Build de l’interface', BUILD_ID],
                ['Environnement', data.environnement],
                ['Heure du serveur', formatDateTime(data.heureServeur, timeZone)],
                ['Fuseau horaire de l’office', data.fuseauHoraire],
              ]}
            />
          </Section>
          <Section title="Adaptateurs">
            <Rows
              rows={Object.entries(data.adaptateurs).map(([key, value]) => [
                ADAPTERS[key] ?? key,
                value,
              ])}
            />
          </Section>
          <Section title="Ma session">
            <Rows
              rows={[
                ['Connecté le', formatDateTime(data.session.signedInAt, timeZone)],
                ['Expire le', formatDateTime(data.session.expires, timeZone)],
                ['Déconnexion après inactivité', `${data.session.idleTimeoutMinutes} minutes`],
                ['Durée maximale d’une session', `${data.session.absoluteTimeoutHours} heures`],
              ]}
            />
          </Section>
        </>
      )}
      <MaintenanceCard />
    </Box>
  );
};
