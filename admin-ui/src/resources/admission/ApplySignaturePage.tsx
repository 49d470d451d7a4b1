import DrawIcon from '@mui/icons-material/Draw';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useOfficeTimeZone } from '../../common/format';
import { DecisionsTable } from './DecisionsTable';
import { CandidatesDialog, SessionSelect } from './shared';
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
  const {
    choices,
    sessionId,
    setSessionId,
    error,
    signature,
    selected,
    setSelected,
    confirming,
    setConfirming,
    busy,
    shown,
    setShown,
    outcome,
    setOutcome,
    chosen,
    prepare,
    refresh,
    sign,
    toggle,
  } = useDecisionSigning();

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Apposer la signature du ministre" />
      <SessionSelect
        value={sessionId}
        onChange={(id) => {
          setSessionId(id);
          setSelected(new Set());
          setOutcome(undefined);
        }}
        sessions={choices.sessions}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {signature === null ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Aucune signature du ministre n’a été déposée : déposez-la d’abord (« Signature du ministre
          »).
        </Alert>
      ) : null}
      {outcome ? (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {outcome.signed.length > 0 ? (
            <Alert severity="success">Décisions signées : {outcome.signed.join(', ')}.</Alert>
          ) : null}
          {outcome.refused.map((line) => (
            <Alert key={line} severity="error">
              {line}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {sessionId && choices.departements.length === 0 ? (
        <Alert severity="info">
          Aucun candidat admis pour cette session : les décisions s’établissent une fois les
          délibérations des jurys closes.
        </Alert>
      ) : null}
      {choices.departements.length > 0 ? (
        <>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
            <Button
              variant="contained"
              startIcon={<DrawIcon />}
              disabled={chosen.length === 0 || !signature || busy}
              onClick={() => setConfirming(true)}
            >
              Apposer la signature ({chosen.length})
            </Button>
            <Typography variant="body2" color="text.secondary">
              Cochez les décisions en préparation à signer.
            </Typography>
          </Stack>
          <DecisionsTable
            departements={choices.departements}
            sessionId={sessionId}
            selected={selected}
            toggle={toggle}
            busy={busy}
            prepare={prepare}
            refresh={refresh}
            setShown={setShown}
          />
        </>
      ) : null}
      <CandidatesDialog
        decision={shown?.decision ?? null}
        title={shown?.title ?? ''}
        onClose={() => setShown(null)}
      />
      <SignConfirmDialog
        confirming={confirming}
        setConfirming={setConfirming}
        busy={busy}
        signature={signature}
        chosen={chosen}
        sign={sign}
      />
    </Box>
  );
};
