import SkipNextIcon from '@mui/icons-material/SkipNext';
import { useState } from 'react';
import {
  nextSessionStatus,
  SESSION_STATUS_LABELS,
  type SessionDocument,
  type SessionStatus,
} from '@examens-pro/domain';
import { Button, Confirm, useRecordContext, type RaRecord } from 'react-admin';
import { useRecordAction } from '../../kit/useRecordAction';

/** What each step means for the people concerned, read before confirming it. */
const STEP_MEANING: Record<SessionStatus, string> = {
  preparation: '',
  'inscriptions-ouvertes':
    'Les candidats pourront s’inscrire à cette session jusqu’à la clôture des inscriptions. Une seule session d’un même examen peut être ouverte aux inscriptions à la fois.',
  'inscriptions-closes':
    'Plus aucune inscription ne sera acceptée pour cette session ; les dossiers déjà reçus restent à traiter.',
  composition:
    'Les épreuves commencent : les candidats composent dans les sites de composition de la session.',
  deliberation:
    'Les épreuves sont terminées : les jurys délibèrent sur les notes et décident des admissions.',
  cloturee:
    'La session est terminée : elle ne pourra plus être modifiée ni choisie (frais, paramètres d’édition, métiers ouverts).',
};

type Session = RaRecord & SessionDocument;

/**
 * Moves the session to its next step after a confirmation. The step sent is the one the user read
 * in the dialog, with the version they saw (If-Match): a double click or a stale page cannot skip
 * a step, the server answers in French instead. Offered to who may write (the page's slot).
 */
export const AdvanceButton = () => {
  const record = useRecordContext<Session>();
  const [open, setOpen] = useState(false);
  const next = record ? nextSessionStatus(record.statut) : undefined;
  const { mutate, isPending } = useRecordAction({
    action: 'avancer',
    data: { statut: next },
    success: next ? `La session est passée à l’étape « ${SESSION_STATUS_LABELS[next]} ».` : '',
    onSettled: () => setOpen(false),
  });
  if (!record || !next) return null;
  const label = `Passer à l’étape « ${SESSION_STATUS_LABELS[next]} »`;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={isPending}>
        <SkipNextIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${label} ?`}
        content={
          <>
            <p>
              La session « {record.libelle} » passera de l’étape «{' '}
              {SESSION_STATUS_LABELS[record.statut]} » à l’étape « {SESSION_STATUS_LABELS[next]} ».
            </p>
            <p>{STEP_MEANING[next]}</p>
            <p>On ne revient pas à une étape précédente.</p>
          </>
        }
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
