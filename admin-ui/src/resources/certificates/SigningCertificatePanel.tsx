import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { SigningCertificateView } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { formatDateTime, useOfficeTimeZone } from '../../common/format';
import { ImagePickButton } from '../../common/ImagePickButton';

const PATH = 'certificat-signature';
/** The server's limit (application `CERTIFICATE_MAX_BYTES`). */
const MAX_BYTES = 64 * 1024;

/** A file's bytes in base64, as the deposit sends them. */
const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/** A French refusal's message for a field (`errors.<field>`), else the whole message. */
const fieldErrors = (error: unknown): { message: string; errors: Record<string, string> } => {
  const body = (error as { body?: { errors?: Record<string, string> } }).body;
  return { message: (error as Error).message, errors: body?.errors ?? {} };
};

const Line = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box component="div" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
      {children}
    </Typography>
  </Box>
);

/** Who the certificate names, who issued it, its validity, fingerprint and version. */
const CertificateDetails = ({ current }: { current: SigningCertificateView }) => (
  <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 0.5 }}>
    <Line label="Titulaire">{current.sujet}</Line>
    <Line label="Émis par">{current.emetteur}</Line>
    <Line label="Valide">
      du {formatDateTime(current.valideDu)} au {formatDateTime(current.valideAu)}
    </Line>
    <Line label="Empreinte SHA-256">
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {current.empreinte}
      </Box>
    </Line>
    <Line label="Version">
      {current.numero}, {current.demonstration ? 'créée' : 'déposée'} le{' '}
      {formatDateTime(current.deposeLe)} par {current.deposePar}
      {current.nomFichier ? ` (${current.nomFichier})` : ''}
    </Line>
  </Box>
);

/** « Révoquer ce certificat »: a reason asked, then the certificate signs nothing more. */
const RevokeDialog = ({
  open,
  current,
  onClose,
  onRevoked,
}: {
  open: boolean;
  current: SigningCertificateView | null | undefined;
  onClose: () => void;
  onRevoked: () => void;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [motif, setMotif] = useState('');
  const [revokeError, setRevokeError] = useState<string>();
  const revoke = async () => {
    if (!current) return;
    setRevokeError(undefined);
    try {
      await dataProvider.command(`${PATH}/revocation`, {
        data: { empreinte: current.empreinte, motif },
      });
      notify('Certificat de signature révoqué.', { type: 'info' });
      setMotif('');
      onRevoked();
    } catch (error) {
      setRevokeError((error as Error).message);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="revocation-titre">
      <DialogTitle id="revocation-titre">Révoquer le certificat de signature ?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Plus aucun document signé (attestations, diplômes, décisions signées, procès-verbaux) ne
          pourra être généré avant le dépôt d’un nouveau certificat. Les documents déjà remis
          restent signés.
        </Typography>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Motif de la révocation"
          value={motif}
          onChange={(event) => setMotif(event.target.value)}
          error={Boolean(revokeError)}
          helperText={revokeError}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button color="error" variant="contained" onClick={() => void revoke()}>
          Révoquer
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The demonstration certificate and a revoked one, said loudly. */
const CertificateAlerts = ({ current }: { current: SigningCertificateView | null | undefined }) => (
  <>
    {current?.demonstration ? (
      <Alert severity="warning" sx={{ mb: 1 }}>
        Les documents sont signés avec un certificat de démonstration, créé par le produit : leur
        signature prouve qu’ils n’ont pas changé, pas qui les a délivrés. Déposez le certificat du
        bureau des examens.
      </Alert>
    ) : null}
    {current?.revoque ? (
      <Alert severity="error" sx={{ mb: 1 }}>
        Ce certificat a été révoqué (motif : {current.motifRevocation}) : aucun document signé ne
        peut être généré avant le dépôt d’un nouveau certificat.
      </Alert>
    ) : null}
  </>
);

/**
 * « Certificat de signature du document » (above the signataires): the certificate the attestations,
 * diplomas, signed decisions and minutes are signed with — who it names, who issued it, its
 * validity and fingerprint —, said loudly when it is the demonstration one or revoked; a PKCS#12
 * file and its password deposited (refusals under the field at fault); the certificate revoked,
 * with a reason.
 */
export const SigningCertificatePanel = () => {
  useOfficeTimeZone();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const [current, setCurrent] = useState<SigningCertificateView | null>();
  const [version, setVersion] = useState(0);
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; errors: Record<string, string> }>();
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState(false);

  useEffect(() => {
    dataProvider
      .read<SigningCertificateView>(PATH)
      .then(setCurrent)
      .catch(() => setCurrent(null));
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setRefusal(undefined);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setFile(undefined);
      setRefusal({
        message:
          'Le fichier du certificat dépasse 64 Ko : ce n’est pas un certificat de signature.',
        errors: {},
      });
      return;
    }
    setFile(chosen);
  };

  const deposit = async () => {
    if (!file) return;
    setSending(true);
    setRefusal(undefined);
    try {
      const answer = (await dataProvider.command(PATH, {
        data: { fichier: await base64Of(file), motDePasse: password, nomFichier: file.name },
      })) as unknown as { numero: number };
      notify(`Certificat de signature déposé (version ${answer.numero}).`, { type: 'success' });
      setFile(undefined);
      setPassword('');
      reload();
    } catch (error) {
      setRefusal(fieldErrors(error));
    } finally {
      setSending(false);
    }
  };

  const fileError =
    refusal &&
    (refusal.errors.fichier ?? (refusal.errors.motDePasse ? undefined : refusal.message));
  const passwordError = refusal?.errors.motDePasse;

  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="certificat-titre">
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography id="certificat-titre" variant="h6" component="h2">
            Certificat de signature du document
          </Typography>
          {current?.demonstration ? (
            <Chip color="warning" size="small" label="certificat de démonstration" />
          ) : null}
          {current?.revoque ? <Chip color="error" size="small" label="révoqué" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Les attestations, diplômes, décisions d’admission signées et procès-verbaux sont signés
          avec ce certificat : tout lecteur PDF indique qui les a signés et qu’aucun octet n’a
          changé.
        </Typography>
        <CertificateAlerts current={current} />
        {current ? (
          <CertificateDetails current={current} />
        ) : current === null ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Aucun certificat pour l’instant : le certificat de démonstration est créé au démarrage.
          </Alert>
        ) : null}

        <Typography variant="subtitle1" component="h3" gutterBottom>
          Déposer le certificat du bureau
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Fichier PKCS#12 (.p12 ou .pfx) contenant la clé privée et le certificat, et son mot de
          passe. Le fichier et le mot de passe sont conservés chiffrés.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <Box>
            <ImagePickButton
              chosen={Boolean(file)}
              disabled={sending}
              ariaLabel="Fichier du certificat (.p12 ou .pfx)"
              accept=".p12,.pfx,application/x-pkcs12"
              labels={['Choisir le fichier', 'Choisir un autre fichier']}
              onChange={choose}
            />
            {file ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {file.name}
              </Typography>
            ) : null}
          </Box>
          <TextField
            size="small"
            type="password"
            label="Mot de passe du certificat"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(passwordError)}
            helperText={passwordError}
            id="certificat-mot-de-passe"
          />
          <Button
            variant="contained"
            size="small"
            disabled={!file || sending}
            onClick={() => void deposit()}
          >
            Déposer ce certificat
          </Button>
        </Stack>
        {fileError ? (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {fileError}
          </Alert>
        ) : null}
        {current && !current.revoque ? (
          <Button color="error" size="small" sx={{ mt: 2 }} onClick={() => setRevoking(true)}>
            Révoquer ce certificat
          </Button>
        ) : null}
      </CardContent>
      <RevokeDialog
        open={revoking}
        current={current}
        onClose={() => setRevoking(false)}
        onRevoked={() => {
          setRevoking(false);
          reload();
        }}
      />
    </Card>
  );
};
