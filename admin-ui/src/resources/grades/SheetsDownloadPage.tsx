import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { useGradeChoices } from './shared';

/**
 * « Téléchargement des fiches de notes »: the grade sheet of an épreuve at one site, made by the
 * workers: candidate numbers in order, an empty mark column, the signature blocks.
 */
export const SheetsDownloadPage = () => {
  const { choices, sessionId, setSessionId, error } = useGradeChoices();
  const [epreuveId, setEpreuveId] = useState('');
  const [siteId, setSiteId] = useState('');
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const chosen = choices.epreuves?.find((e) => e.id === epreuveId);
  const anonymous =
    Boolean(choices.configuration?.anonymat) &&
    !choices.configuration?.anonymatLeve &&
    chosen?.typeEpreuve === 'ecrite';
  useEffect(() => {
    if (!epreuveId && choices.epreuves?.[0]) setEpreuveId(choices.epreuves[0].id);
  }, [choices, epreuveId]);
  const select = (
    label: string,
    value: string,
    onChange: (id: string) => void,
    items: { id: string; libelle: string }[],
  ) => (
    <TextField
      select
      label={label}
      value={items.some((i) => i.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 260 }}
    >
      {items.map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.libelle}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Téléchargement des fiches de notes" />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        {select(
          'Session',
          sessionId,
          (id) => {
            setSessionId(id);
            setEpreuveId('');
            setSiteId('');
          },
          choices.sessions,
        )}
        {select(
          'Épreuve',
          epreuveId,
          setEpreuveId,
          (choices.epreuves ?? []).map((e) => ({ id: e.id, libelle: `${e.code} — ${e.libelle}` })),
        )}
        {select(
          'Site de composition',
          siteId,
          setSiteId,
          (choices.sites ?? []).map((s) => ({
            id: s.id,
            libelle: `${s.libelle} (${s.candidats})`,
          })),
        )}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Une fiche par site : les numéros de candidat dans l’ordre, une colonne de note vide («
        Absent » là où les présences l’indiquent), les blocs de signature du correcteur et du
        président du jury.
      </Typography>
      {anonymous ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={!siteId}
              onClick={async () => {
                try {
                  await dataProvider.command('notes/anonymat', {
                    data: { sessionId, epreuveId, siteId },
                  });
                  notify('Numéros d’anonymat attribués : la fiche peut être téléchargée.', {
                    type: 'success',
                  });
                } catch (e) {
                  notify((e as Error).message, { type: 'error' });
                }
              }}
            >
              Attribuer les numéros d’anonymat
            </Button>
          }
        >
          Les copies de cette épreuve sont anonymes : la fiche porte leurs numéros d’anonymat, à
          attribuer une fois par site avant de l’imprimer.
        </Alert>
      ) : null}
      <DownloadDocumentButton
        kind="fiches-notes"
        label="Fiche de notes du site (PDF)"
        cible={sessionId && epreuveId && siteId ? { sessionId, epreuveId, siteId } : undefined}
        disabled={!sessionId || !epreuveId || !siteId}
      />
    </Box>
  );
};
