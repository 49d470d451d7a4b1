import { Box, Card, CardContent, Typography } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AutocompleteInput,
  Form,
  Labeled,
  RecordContextProvider,
  ReferenceInput,
  ResourceContextProvider,
  Title,
  useDataProvider,
  useGetOne,
  type RaRecord,
} from 'react-admin';
import { instantOfWallClock, wallClockIn } from '@examens-pro/domain';
import { HistoryPanel } from '../../../common/HistoryPanel';
import { formatDateTime, useOfficeTimeZone } from '../../../common/format';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { fieldDisplay } from '../../../kit/fields';
import { candidatures } from './screens';

const LIST = 'inscription/candidats/liste';

/** The dossier's fields as they stood at the chosen instant. */
const AsAt = ({ id, instant }: { id: string; instant: string }) => {
  const timeZone = useOfficeTimeZone();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: [LIST, 'a-la-date', id, instant],
    queryFn: () => dataProvider.asAt(LIST, { id, instant }),
    enabled: Boolean(instant),
    retry: false,
  });
  if (!instant) return null;
  if (isPending) return <Typography>Chargement…</Typography>;
  if (error)
    return (
      <Typography role="status">
        {(error as { status?: number }).status === 404
          ? 'Le dossier n’existait pas encore à cette date.'
          : error.message}
      </Typography>
    );
  return (
    <RecordContextProvider value={data.record}>
      <Typography variant="subtitle2" gutterBottom>
        Le dossier au {formatDateTime(data.instant, timeZone)} (version {data.revision + 1})
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          gap: 1,
        }}
      >
        {candidatures.fields
          .filter((field) => field.inShow ?? true)
          .map((field) => (
            <Labeled key={field.name} label={field.label}>
              {fieldDisplay(field, 'show')}
            </Labeled>
          ))}
      </Box>
    </RecordContextProvider>
  );
};

/**
 * « Historique d’un dossier »: a dossier chosen by its number or its candidate's name, its
 * timeline (who, when, what, before → after) and the dossier as it stood at a chosen instant.
 */
export const HistoPage = () => {
  const [id, setId] = useState<string>('');
  // The chosen instant (ISO), typed and shown on the office's clocks (TIME_ZONE), not the browser's.
  const [local, setLocal] = useState('');
  const timeZone = useOfficeTimeZone();
  const clock = local ? wallClockIn(local, timeZone) : undefined;
  const { data: record } = useGetOne<RaRecord>(LIST, { id }, { enabled: Boolean(id) });
  return (
    <ResourceContextProvider value={LIST}>
      <Title title="Historique d’un dossier" />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Form>
            <ReferenceInput
              source="dossier"
              reference={LIST}
              sort={{ field: 'numeroDossier', order: 'DESC' }}
            >
              <AutocompleteInput
                label="Dossier (numéro ou nom)"
                optionText={(r: RaRecord) => `${String(r.numeroDossier)} — ${String(r.libelle)}`}
                onChange={(value: string) => setId(value ?? '')}
                sx={{ minWidth: 420 }}
                noOptionsText="Aucun dossier ne correspond."
              />
            </ReferenceInput>
          </Form>
          {record ? (
            <RecordContextProvider value={record}>
              <Typography variant="h6" sx={{ mt: 2 }}>
                Dossier {String(record.numeroDossier)} — {String(record.libelle)}
              </Typography>
              <HistoryPanel />
              <Box sx={{ mt: 3 }}>
                <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr">
                  <DateTimePicker
                    label="Le dossier à la date du"
                    format="DD/MM/YYYY HH:mm:ss"
                    views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
                    ampm={false}
                    value={
                      clock
                        ? dayjs(
                            new Date(
                              clock.year,
                              clock.month - 1,
                              clock.day,
                              clock.hour,
                              clock.minute,
                              clock.second,
                            ),
                          )
                        : null
                    }
                    onChange={(next: Dayjs | null) =>
                      setLocal(
                        next && next.isValid()
                          ? instantOfWallClock(
                              {
                                year: next.year(),
                                month: next.month() + 1,
                                day: next.date(),
                                hour: next.hour(),
                                minute: next.minute(),
                                second: next.second(),
                              },
                              timeZone,
                            )
                          : '',
                      )
                    }
                    slotProps={{
                      textField: {
                        sx: { mb: 2, minWidth: 320 },
                        helperText: `Heure de l’office (${timeZone})`,
                      },
                    }}
                  />
                </LocalizationProvider>
                <AsAt id={String(record.id)} instant={local} />
              </Box>
            </RecordContextProvider>
          ) : null}
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
};
