import {
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormHelperText,
  FormLabel,
  Stack,
} from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import {
  HttpError,
  InputHelperText,
  required,
  useDataProvider,
  useInput,
  type RaRecord,
} from 'react-admin';
import { IMAGE_MAX_BYTES } from '@examens-pro/domain';
import { ImagePickButton } from '../../common/ImagePickButton';
import { serverMessage } from '../../common/serverErrors';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import type { FieldDeclaration } from '../../kit/declaration';
import { requiredMessage } from '../../kit/fields';

/** The server's own words for a file over the limit: refused before sending, said the same way. */
export const TOO_BIG = 'Le contenu envoyé est trop volumineux.';
const FAILED = 'L’image n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.';

/** Where a stored image is read; same origin, so the session cookie goes with it. */
export const imageUrl = (fichier: string): string => `/api/images/${encodeURIComponent(fichier)}`;

/** The kinds the server accepts by name; anything else goes as bytes and is judged on them. */
const contentType = (file: File): string =>
  file.type === 'image/png' || file.type === 'image/jpeg' ? file.type : 'application/octet-stream';

/**
 * An image field: the chosen file is sent at once (`POST /api/images`), the form keeps the stored
 * name the server answers and shows the image as stored. A refused file leaves the previous image
 * in place and says why under the field, in the server's words.
 */
export const ImageInput = ({ field }: { field: FieldDeclaration }) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const {
    field: input,
    fieldState,
    formState,
  } = useInput({
    source: field.name,
    validate: field.required ? required(requiredMessage(field)) : undefined,
  });
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const id = useId();
  const value = typeof input.value === 'string' && input.value ? input.value : undefined;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again after a refusal must fire again.
    event.target.value = '';
    if (!file) return;
    setRefusal(undefined);
    if (file.size > IMAGE_MAX_BYTES) {
      setRefusal(TOO_BIG);
      return;
    }
    setUploading(true);
    try {
      // The store answers the stored name (no command position).
      const body = (await dataProvider.command('images', {
        file,
        headers: { 'Content-Type': contentType(file) },
      })) as unknown as { fichier?: string };
      if (!body.fichier) {
        setRefusal(FAILED);
        return;
      }
      input.onChange(body.fichier);
      input.onBlur();
    } catch (e) {
      setRefusal((e instanceof HttpError && serverMessage(e)) || FAILED);
    } finally {
      setUploading(false);
    }
  };

  const invalid = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  const error = refusal ?? (invalid ? fieldState.error?.message : undefined);
  return (
    <FormControl error={Boolean(error)} margin="dense" sx={{ mb: 1 }}>
      <FormLabel htmlFor={id} required={field.required} sx={{ mb: 1, fontSize: '0.85rem' }}>
        {field.label}
      </FormLabel>
      {value ? (
        <Box
          component="img"
          src={imageUrl(value)}
          alt={`Aperçu : ${field.label}`}
          sx={{
            display: 'block',
            maxHeight: 200,
            maxWidth: 400,
            mb: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        />
      ) : null}
      <Stack direction="row" spacing={1} alignItems="center">
        <ImagePickButton
          id={id}
          chosen={Boolean(value)}
          disabled={uploading}
          ariaLabel={field.label}
          onChange={(event) => void upload(event)}
        />
        {value && !field.required ? (
          <Button size="small" onClick={() => input.onChange(null)} disabled={uploading}>
            Retirer l’image
          </Button>
        ) : null}
        {uploading ? <CircularProgress size={20} aria-label="Envoi de l’image" /> : null}
      </Stack>
      <FormHelperText>
        <InputHelperText error={error} helperText={field.help} />
      </FormHelperText>
    </FormControl>
  );
};

/** A stored image as read-only: a thumbnail in a row, a readable preview on the item's page. */
export const imageDisplay =
  (field: { name: string; label: string }) => (record: RaRecord, where: 'list' | 'show') => {
    const value: unknown = record[field.name];
    if (typeof value !== 'string' || !value) return '';
    return (
      <img
        src={imageUrl(value)}
        alt={field.label}
        loading="lazy"
        style={{
          display: 'block',
          maxHeight: where === 'list' ? 32 : 200,
          maxWidth: where === 'list' ? 120 : 400,
          background: '#fff',
        }}
      />
    );
  };
