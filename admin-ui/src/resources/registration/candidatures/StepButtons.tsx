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
  return (
    <>
      {statut === 'brouillon' && can.action('soumettre') ? (
        <StepButton
          action="soumettre"
          label="Soumettre"
          icon={<SendIcon />}
          question="Le dossier sera transmis pour validation ; il reste modifiable jusqu’à la date limite de la session."
          success="Le dossier est soumis."
        />
      ) : null}
      {statut === 'soumis' && can.action('valider') ? (
        <StepButton
          action="valider"
          label="Valider"
          icon={<CheckIcon />}
          question="Le dossier sera validé : le candidat pourra être affecté à un site de composition."
          success="Le dossier est validé."
        />
      ) : null}
      {statut === 'soumis' && can.action('rejeter') ? (
        <RejectButton
          action="rejeter"
          title="Rejeter le dossier ?"
          confirm="Rejeter"
          success="Le dossier est rejeté."
        />
      ) : null}
      {statut === 'affecte' && can.action('affecter') ? (
        <StepButton
          action="desaffecter"
          label="Désaffecter"
          icon={<EventSeatIcon />}
          question="Le candidat quitte son site de composition : sa place et son numéro de table sont libérés ; il garde son numéro de candidat."
          success="Le candidat est désaffecté."
        />
      ) : null}
      {['brouillon', 'soumis', 'valide', 'affecte'].includes(statut) && can.action('desister') ? (
        <StepButton
          action="desister"
          label="Désister"
          icon={<UndoIcon />}
          question="Le candidat se retire de la session : son dossier sera clos."
          success="Le désistement est enregistré."
        />
      ) : null}
    </>
  );
};
