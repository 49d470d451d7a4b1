import DrawIcon from '@mui/icons-material/Draw';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useOfficeTimeZone } from '../../common/format';
import { DecisionsTable } from './DecisionsTable';
import { SessionSelect } from '../../common/filters';
import { CandidatesDialog } from './shared';
import { SignConfirmDialog } from './SignConfirmDialog';
import { useDecisionSigning } from './useDecisionSigning';

/**
 * « Apposer la signature du ministre »: per département of the session, its admitted candidates
 * now, its decision number and its latest decision. A decision is prepared from the closed
 * juries' results, refreshed while a draft, and checked (its candidates, its PDF draft); the
 * chosen drafts are then signed together with the deposited signature, shown in the confirmation
 * dialog. A signed decision no longer changes: a change of its candidates calls for a new decision.
 */
export const ApplySignaturePage = () => {
  useOfficeTimeZone();
  const signing = useDecisionSigning();

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Apposer la signature du ministre" />
      <SessionSelect
        value={signing.sessionId}
        onChange={(id) => {
          signing.setSessionId(id);
          signing.setSelected(new Set());
          signing.setOutcome(undefined);
        }}
        sessions={signing.choices.sessions}
        sx={{ mb: 2 }}
      />
      {signing.error ? <Alert severity="error">{signing.error}</Alert> : null}
      {signing.signature === null ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Aucune signature du ministre n’a été déposée : déposez-la d’abord (« Signature du ministre
          »).
        </Alert>
      ) : null}
      {signing.outcome ? (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {signing.outcome.signed.length > 0 ? (
            <Alert severity="success">
              Décisions signées : {signing.outcome.signed.join(', ')}.
            </Alert>
          ) : null}
          {signing.outcome.refused.map((line) => (
            <Alert key={line} severity="error">
              {line}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {signing.sessionId && signing.choices.departements.length === 0 ? (
        <Alert severity="info">
          Aucun candidat admis pour cette session : les décisions s’établissent une fois les
          délibérations des jurys closes.
        </Alert>
      ) : null}
      {signing.choices.departements.length > 0 ? (
        <>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
            <Button
              variant="contained"
              startIcon={<DrawIcon />}
              disabled={
                signing.chosen.length === 0 ||
                signing.unnumbered.length > 0 ||
                !signing.signature ||
                signing.busy
              }
              onClick={() => signing.setConfirming(true)}
            >
              Apposer la signature ({signing.chosen.length})
            </Button>
            <Typography variant="body2" color="text.secondary">
              Cochez les décisions en préparation à signer.
            </Typography>
          </Stack>
          {signing.unnumbered.length > 0 ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {signing.unnumbered.length > 1
                ? `Les départements ${signing.unnumbered.join(', ')} n’ont pas de numéro de décision`
                : `Le département ${signing.unnumbered[0]} n’a pas de numéro de décision`}{' '}
              pour cette session : enregistrez-le (« Références par département ») avant de signer,
              ou décochez {signing.unnumbered.length > 1 ? 'ces décisions' : 'cette décision'}.
            </Alert>
          ) : null}
          <DecisionsTable
            departements={signing.choices.departements}
            sessionId={signing.sessionId}
            selected={signing.selected}
            toggle={signing.toggle}
            busy={signing.busy}
            prepare={signing.prepare}
            refresh={signing.refresh}
            setShown={signing.setShown}
          />
        </>
      ) : null}
      <CandidatesDialog
        decision={signing.shown?.decision ?? null}
        title={signing.shown?.title ?? ''}
        onClose={() => signing.setShown(null)}
      />
      <SignConfirmDialog
        confirming={signing.confirming}
        setConfirming={signing.setConfirming}
        busy={signing.busy}
        signature={signing.signature}
        chosen={signing.chosen}
        sign={signing.sign}
      />
    </Box>
  );
};
