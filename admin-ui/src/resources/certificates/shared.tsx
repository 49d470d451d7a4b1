import { Chip, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import { formatFrenchDay, formatVerificationCode, type AttestationKind } from '@examens-pro/domain';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { plural } from '../../common/format';

/** Whom a document is for: chosen candidates, a département or a zone (one PDF). */
export type AttestationTarget =
  | { readonly candidatureIds: readonly Identifier[] }
  | { readonly departementId: string }
  | { readonly zoneId: string };

interface Requested {
  id: Identifier;
  candidats: number;
  enAttente: number;
}

/**
 * `POST /api/attestations/documents`: the server checks the results and the public address, then
 * the workers make the PDF (its progress and download are the documents' routes).
 */
export const useRequestAttestations = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  return (kind: AttestationKind, sessionId: string, target: AttestationTarget) => async () => {
    const answer = (await dataProvider.command('attestations/documents', {
      data: { kind, sessionId, ...target },
    })) as unknown as Requested;
    const what = kind === 'diplomes' ? 'diplôme' : 'attestation';
    notify(
      `${plural(answer.candidats, what)} en préparation${
        answer.enAttente > 0
          ? ` (${plural(answer.enAttente, 'admis')} en attente d’une nouvelle délibération ${answer.enAttente > 1 ? 'ne sont pas imprimés' : 'n’est pas imprimé'})`
          : ''
      }.`,
      { type: 'info' },
    );
    return answer;
  };
};

/** « Attestations (PDF) » and « Diplômes (PDF) » for one target, each with its progress bar. */
export const AttestationButtons = ({
  sessionId,
  target,
  labels = ['Attestations (PDF)', 'Diplômes (PDF)'],
  disabled,
  onGenerated,
}: {
  sessionId: string;
  target: AttestationTarget | undefined;
  labels?: [string, string];
  disabled?: boolean;
  onGenerated?: () => void;
}) => {
  const request = useRequestAttestations();
  const off = disabled || !sessionId || !target;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
      {(['attestations', 'diplomes'] as const).map((kind, i) => (
        <DownloadDocumentButton
          key={kind}
          kind={kind}
          label={labels[i]!}
          disabled={off}
          request={off ? undefined : request(kind, sessionId, target!)}
          onGenerated={onGenerated}
        />
      ))}
    </Stack>
  );
};

/** « Générée (2) » or « Non générée », as the list shows an admitted candidate's attestation. */
export const GeneratedChip = ({
  record,
}: {
  record: { generee?: boolean; tirages?: number; tiragesDiplome?: number };
}) =>
  record.generee ? (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      label={`Générée${record.tirages ? ` (${record.tirages})` : ''}${record.tiragesDiplome ? ` · diplôme (${record.tiragesDiplome})` : ''}`}
    />
  ) : (
    <Chip size="small" variant="outlined" label="Non générée" />
  );

/** « 7K3M-9QX2-B4TZ-* », or « — » before the first document. */
export const codeText = (code: unknown): string =>
  typeof code === 'string' && code ? formatVerificationCode(code) : '—';

/**
 * How many times the public page (`/diplomes`) found this attestation genuine: « Vérifiée 3 fois »,
 * the latest days with their counts in its tooltip; nothing when never checked.
 */
export const VerificationsText = ({
  record,
}: {
  record: { verificationsTotal?: number; verifications?: { jour: string; nombre: number }[] };
}) => {
  const total = record.verificationsTotal ?? 0;
  if (total === 0) return null;
  const days = (record.verifications ?? []).slice(0, 10);
  const detail = days.map((d) => `${formatFrenchDay(d.jour)} : ${d.nombre}`).join(' ; ');
  const count = new Intl.NumberFormat('fr-FR').format(total);
  return (
    <Typography
      variant="caption"
      component="div"
      color="text.secondary"
      sx={{ mt: 0.5, whiteSpace: 'nowrap' }}
      title={`Vérifiée ${count} fois — par jour : ${detail}`}
      aria-label={`Vérifiée ${count} fois, la dernière le ${formatFrenchDay(days[0]?.jour)}`}
    >
      Vérifiée {count} fois
    </Typography>
  );
};
