import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button as MuiButton, Stack, Typography } from '@mui/material';
import { useId, type ChangeEvent } from 'react';
import { formatNumber } from '../common/format';

/** « 320 ko », « 1,4 Mo ». */
const size = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.ceil(bytes / 1024))} ko`
    : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} Mo`;

/**
 * A file chosen outside react-admin's form values (sent by the page itself, as raw bytes): its
 * label, « Choisir un fichier », the name and size chosen, « Retirer », and either the problem
 * found or the help.
 */
export const FileInput = ({
  label,
  accept,
  help,
  file,
  problem,
  onChange,
}: {
  label: string;
  accept: string;
  help: string;
  file: File | undefined;
  problem: string | undefined;
  onChange: (file: File | undefined) => void;
}) => {
  const id = useId();
  return (
    <Stack spacing={0.5} alignItems="flex-start" sx={{ mt: 1, mb: 2 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <MuiButton component="label" htmlFor={id} variant="outlined" startIcon={<AttachFileIcon />}>
          {file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
          <input
            id={id}
            type="file"
            hidden
            accept={accept}
            aria-label={label}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              onChange(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </MuiButton>
        {file ? (
          <>
            <Typography variant="body2">
              {file.name} ({size(file.size)})
            </Typography>
            <MuiButton size="small" onClick={() => onChange(undefined)}>
              Retirer
            </MuiButton>
          </>
        ) : null}
      </Stack>
      {problem ? (
        <Typography variant="caption" color="error" role="alert">
          {problem}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {help}
        </Typography>
      )}
    </Stack>
  );
};
