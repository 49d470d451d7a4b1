import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { IMAGE_MAX_BYTES, type SignatureDocument } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useOfficeTimeZone } from '../../common/format';
import { ImagePickButton } from '../../common/ImagePickButton';
import { CurrentSignatureCard, imageBox, SignatureVersions } from './SignatureParts';

const TOO_BIG = 'Le contenu envoyé est trop volumineux.';

/**
 * « Signature du ministre »: the signature in force (its image, version, who deposited it and
 * when, its SHA-256), the deposit of a new image — previewed before it is sent, judged by the
 * server on its bytes (PNG or JPEG under 1 Mo) — and every earlier version. A decision already
 * signed keeps the version it was signed with.
 */
export const SignaturePage = () => {
  useOfficeTimeZone();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [current, setCurrent] = useState<SignatureDocument | null>();
  const [version, setVersion] = useState(0);
  const [chosen, setChosen] = useState<{ file: File; preview: string }>();
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    dataProvider
      .read<SignatureDocument>('signatures-ministre/ministre')
      .then(setCurrent)
      .catch(() => setCurrent(null));
  }, [version]);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setRefusal(undefined);
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setChosen(undefined);
      setRefusal(TOO_BIG);
      return;
    }
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  const deposit = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      const answer = (await dataProvider.command('signatures-ministre', {
        file: chosen.file,
        headers: { 'X-Nom-Fichier': encodeURIComponent(chosen.file.name) },
      })) as unknown as { numero: number };
      notify(`Signature du ministre déposée (version ${answer.numero}).`, { type: 'success' });
      setChosen(undefined);
      reload();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Signature du ministre" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <CurrentSignatureCard current={current} />
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              Déposer une nouvelle signature
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Image PNG ou JPEG de moins de 1 Mo, sur fond blanc. Elle sera apposée sur les
              décisions signées après son dépôt ; les décisions déjà signées gardent la leur.
            </Typography>
            {chosen ? (
              <Box
                component="img"
                src={chosen.preview}
                alt="Aperçu de la signature choisie"
                sx={{ ...imageBox, mb: 1 }}
              />
            ) : null}
            <Stack direction="row" spacing={1} alignItems="center">
              <ImagePickButton
                chosen={Boolean(chosen)}
                disabled={sending}
                ariaLabel="Image de la signature"
                onChange={choose}
              />
              <Button
                variant="contained"
                size="small"
                disabled={!chosen || sending}
                onClick={() => void deposit()}
              >
                Déposer cette signature
              </Button>
            </Stack>
            {refusal ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {refusal}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
      </Stack>
      {current && current.versions.length > 0 ? <SignatureVersions current={current} /> : null}
    </Box>
  );
};
