import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';

/**
 * A button that picks one file and sends it at once (`upload`): a spinner while it goes, and
 * under the button the refusal, either the file's own (`check`, before sending) or the server's
 * (`failure`). The input is emptied each time so the same file can be picked again.
 */
export const FileUploadButton = ({
  label,
  ariaLabel = label,
  accept,
  icon,
  check,
  upload,
  failure,
}: {
  label: string;
  ariaLabel?: string;
  accept: string;
  icon: ReactNode;
  check: (file: File) => string | undefined;
  upload: (file: File) => Promise<void>;
  failure: (error: unknown) => string;
}) => {
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const id = useId();
  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = check(file);
    setRefusal(problem);
    if (problem) return;
    setSending(true);
    try {
      await upload(file);
    } catch (error) {
      setRefusal(failure(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Button
        component="label"
        htmlFor={id}
        size="small"
        startIcon={sending ? <CircularProgress size={16} /> : icon}
        disabled={sending}
      >
        {label}
        <input
          id={id}
          type="file"
          hidden
          accept={accept}
          aria-label={ariaLabel}
          onChange={(event) => void send(event)}
        />
      </Button>
      {refusal ? (
        <Typography variant="caption" color="error" role="alert">
          {refusal}
        </Typography>
      ) : null}
    </Stack>
  );
};
