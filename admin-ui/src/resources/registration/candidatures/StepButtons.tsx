import CheckIcon from '@mui/icons-material/Check';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import SendIcon from '@mui/icons-material/Send';
import UndoIcon from '@mui/icons-material/Undo';
import { useState, type ReactElement } from 'react';
import { Button, Confirm, useRecordContext } from 'react-admin';
import { useRecordAction } from '../../../kit/useRecordAction';
import { useRouteCan } from '../../../kit/useRouteCan';
import { RejectButton } from './RejectDialog';

/** One step of the dossier, confirmed in a dialog that says what it means. */
const StepButton = ({
  action,
  label,
  icon,
  question,
  success,
}: {
  action: string;
  label: string;
  icon: ReactElement;
  question: string;
  success: string;
}) => {
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useRecordAction({
    action,
    success,
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={isPending}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${label} ?`}
        content={question}
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** A confirmed step: in which statuts, for which permission (the action's own by default). */
interface Step {
  statuts: readonly string[];
  action: string;
  permission?: string;
  label: string;
  icon: ReactElement;
  question: string;
  success: string;
}

/** The steps shown before « Rejeter » (of a brouillon, of a submitted dossier). */
const REVIEW_STEPS: readonly Step[] = [
  {
    statuts: ['brouillon'],
    action: 'soumettre',
    label: 'Soumettre',
    icon: <SendIcon />,
    question:
      'Le dossier sera transmis pour validation ; il reste modifiable jusqu’à la date limite de la session.',
    success: 'Le dossier est soumis.',
  },
  {
    statuts: ['soumis'],
    action: 'valider',
    label: 'Valider',
    icon: <CheckIcon />,
    question: 'Le dossier sera validé : le candidat pourra être affecté à un site de composition.',
    success: 'Le dossier est validé.',
  },
];

/** The steps shown after « Rejeter » (of an allocated dossier, until it is closed). */
const LATER_STEPS: readonly Step[] = [
  {
    statuts: ['affecte'],
    action: 'desaffecter',
    permission: 'affecter',
    label: 'Désaffecter',
    icon: <EventSeatIcon />,
    question:
      'Le candidat quitte son site de composition : sa place et son numéro de table sont libérés ; il garde son numéro de candidat.',
    success: 'Le candidat est désaffecté.',
  },
  {
    statuts: ['brouillon', 'soumis', 'valide', 'affecte'],
    action: 'desister',
    label: 'Désister',
    icon: <UndoIcon />,
    question: 'Le candidat se retire de la session : son dossier sera clos.',
    success: 'Le désistement est enregistré.',
  },
];

/**
 * The steps the dossier's statut allows, each for who holds its permission: Soumettre (a
 * brouillon), Valider and Rejeter (a submitted dossier), Désaffecter (an allocated one), Désister
 * (until it is closed).
 */
export const StepButtons = () => {
  const record = useRecordContext();
  const can = useRouteCan();
  if (!record) return null;
  const statut = String(record.statut);
  const buttons = (steps: readonly Step[]) =>
    steps
      .filter((step) => step.statuts.includes(statut) && can.action(step.permission ?? step.action))
      .map((step) => <StepButton key={step.action} {...step} />);
  return (
    <>
      {buttons(REVIEW_STEPS)}
      {statut === 'soumis' && can.action('rejeter') ? (
        <RejectButton
          action="rejeter"
          title="Rejeter le dossier ?"
          confirm="Rejeter"
          success="Le dossier est rejeté."
        />
      ) : null}
      {buttons(LATER_STEPS)}
    </>
  );
};
