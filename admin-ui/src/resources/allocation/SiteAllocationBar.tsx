import PlaceIcon from '@mui/icons-material/Place';
import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { seatsLabel, type SiteOption } from './allocationModel';
import { plural } from '../../common/format';

/** The site chosen (its free seats for the session), « Affecter au site », the count checked. */
export const SiteAllocationBar = ({
  siteOptions,
  site,
  setSiteId,
  selectedCount,
  clearSelection,
  allocate,
  busy,
}: {
  siteOptions: SiteOption[];
  site: SiteOption | null;
  setSiteId: (id: string) => void;
  selectedCount: number;
  clearSelection: () => void;
  allocate: () => Promise<void>;
  busy: boolean;
}) => (
  <Stack
    direction={{ xs: 'column', md: 'row' }}
    spacing={2}
    alignItems={{ md: 'center' }}
    sx={{ mb: 2 }}
  >
    <Autocomplete
      options={siteOptions}
      value={site}
      onChange={(_, option) => setSiteId(option?.id ?? '')}
      getOptionLabel={(option) => `${option.libelle} (${seatsLabel(option.libres)})`}
      getOptionDisabled={(option) => option.libres <= 0}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      groupBy={(option) => option.centre || 'Centre d’examen non précisé'}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box>
            <Typography variant="body2">{option.libelle}</Typography>
            <Typography variant="caption" color="text.secondary">
              {seatsLabel(option.libres)}
              {option.accessible ? ' · accessible' : ''}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Site de composition"
          helperText="Les places libres sont celles de la session choisie."
        />
      )}
      noOptionsText="Aucun site de composition actif ne correspond."
      clearText="Effacer"
      openText="Ouvrir"
      closeText="Fermer"
      sx={{ width: { xs: '100%', md: 480 } }}
      disabled={busy}
    />
    <Button
      variant="contained"
      startIcon={<PlaceIcon />}
      onClick={() => void allocate()}
      disabled={!site || selectedCount === 0 || busy}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Affecter au site
    </Button>
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {selectedCount === 0
        ? 'Cochez les dossiers à affecter.'
        : `${plural(selectedCount, 'dossier sélectionné', 'dossiers sélectionnés')}.`}
    </Typography>
    {selectedCount > 0 ? (
      <Button size="small" onClick={clearSelection} disabled={busy}>
        Tout désélectionner
      </Button>
    ) : null}
  </Stack>
);
