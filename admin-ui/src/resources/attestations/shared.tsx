import { Chip, Stack } from '@mui/material';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import { formatVerificationCode, type AttestationKind } from '@examens-pro/domain';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { plural } from '../allocation/shared';

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
