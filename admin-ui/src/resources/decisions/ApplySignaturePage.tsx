import DrawIcon from '@mui/icons-material/Draw';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { formatDateTime, formatNumber, useOfficeTimeZone } from '../../common/format';
import {
  CandidatesDialog,
  DecisionStatusChip,
  documentFileUrl,
  SessionSelect,
  signatureImageUrl,
  useCurrentSignature,
  useDecisionChoices,
  type DecisionChoice,
  type DepartementChoice,
} from './shared';

const latestOf = (d: DepartementChoice): DecisionChoice | undefined =>
  d.decisions[d.decisions.length - 1];

/**
 * « Apposer la signature du ministre »: per département of the session, its admitted candidates
 * now, its decision number and its latest decision. A decision is prepared from the closed
 * juries' results, refreshed while a draft, and checked (its candidates, its PDF draft); the
 * chosen drafts are then signed together with the deposited signature, shown in the confirmation
 * dialog. A signed decision no longer changes: a change of its candidates calls for a new decision.
 */
export const ApplySignaturePage = () => {
  useOfficeTimeZone();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const { choices, sessionId, setSessionId, error, reload } = useDecisionChoices();
  const { signature } = useCurrentSignature();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ decision: DecisionChoice; title: string } | null>(null);
  const [outcome, setOutcome] = useState<{ signed: string[]; refused: string[] }>();

  const drafts = choices.departements.flatMap((d) => {
    const latest = latestOf(d);
    return latest?.statut === 'brouillon' ? [{ departement: d, decision: latest }] : [];
  });
  const chosen = drafts.filter((x) => selected.has(x.decision.id));

  const run = async (label: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify(label, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error', autoHideDuration: 0 });
    } finally {
      setBusy(false);
      reload();
    }
  };

  const prepare = (d: DepartementChoice) =>
    run(
      latestOf(d)
        ? `Nouvelle décision établie pour le département ${d.libelle}.`
        : `Décision préparée pour le département ${d.libelle}.`,
      () =>
        dataProvider.command('decisions-admission', {
          data: { sessionId, departementId: d.departementId },
        }),
    );
  const refresh = (d: DepartementChoice, decision: DecisionChoice) =>
    run(`Candidats de la décision du département ${d.libelle} actualisés.`, () =>
      dataProvider.command(`decisions-admission/${encodeURIComponent(decision.id)}/actualiser`, {
        revision: decision.version,
      }),
    );

  const sign = async () => {
    setBusy(true);
    const signed: string[] = [];
    const refused: string[] = [];
    for (const { departement, decision } of chosen) {
      try {
        await dataProvider.command(
          `decisions-admission/${encodeURIComponent(decision.id)}/apposer-signature`,
          {
            data: { confirmation: true, signatureVersion: signature?.numero },
            revision: decision.version,
          },
        );
        signed.push(departement.libelle);
      } catch (e) {
        refused.push(`${departement.libelle} : ${(e as Error).message}`);
      }
    }
    setBusy(false);
    setConfirming(false);
    setSelected(new Set());
    setOutcome({ signed, refused });
    if (signed.length > 0)
      notify(`Signature apposée sur ${signed.length} décision${signed.length > 1 ? 's' : ''}.`, {
        type: 'success',
      });
    reload();
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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
          <Table size="small" aria-label="Décisions par département">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Département</TableCell>
                <TableCell align="right">Admis (résultats)</TableCell>
                <TableCell>N° de décision</TableCell>
                <TableCell>Décision</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {choices.departements.map((d) => {
                const latest = latestOf(d);
                const draft = latest?.statut === 'brouillon';
                return (
                  <TableRow key={d.departementId}>
                    <TableCell padding="checkbox">
                      {draft ? (
                        <Checkbox
                          checked={selected.has(latest.id)}
                          onChange={() => toggle(latest.id)}
                          inputProps={{
                            'aria-label': `Choisir la décision du département ${d.libelle}`,
                          }}
                        />
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {d.libelle}
                      {d.zone ? (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {d.zone}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right">{formatNumber(d.admis)}</TableCell>
                    <TableCell>{d.reference ?? '—'}</TableCell>
                    <TableCell>
                      {latest ? (
                        <Stack spacing={0.5} alignItems="flex-start">
                          <Stack direction="row" spacing={1} alignItems="center">
                            <span>Version {latest.numero}</span>
                            <DecisionStatusChip statut={latest.statut} />
                          </Stack>
                          <Typography variant="caption" color="text.secondary">
                            {formatNumber(latest.effectif)} candidat
                            {latest.effectif > 1 ? 's' : ''}
                            {latest.statut === 'signee'
                              ? ` — n° ${latest.reference}, signée le ${formatDateTime(latest.signeeLe)} par ${latest.signeePar}`
                              : ` — préparée le ${formatDateTime(latest.actualiseeLe ?? latest.prepareeLe)}`}
                          </Typography>
                        </Stack>
                      ) : (
                        'Aucune'
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        flexWrap="wrap"
                        alignItems="center"
                      >
                        {!latest || latest.statut === 'signee' ? (
                          <Button size="small" disabled={busy} onClick={() => void prepare(d)}>
                            {latest ? 'Établir une nouvelle décision' : 'Préparer la décision'}
                          </Button>
                        ) : null}
                        {draft ? (
                          <Button
                            size="small"
                            disabled={busy}
                            onClick={() => void refresh(d, latest)}
                          >
                            Actualiser
                          </Button>
                        ) : null}
                        {latest ? (
                          <Button
                            size="small"
                            onClick={() =>
                              setShown({
                                decision: latest,
                                title: `Candidats de la décision — ${d.libelle} (version ${latest.numero})`,
                              })
                            }
                          >
                            Candidats
                          </Button>
                        ) : null}
                        {draft ? (
                          <DownloadDocumentButton
                            kind="decision-admission"
                            label="Projet (PDF)"
                            cible={{ sessionId, departementId: d.departementId }}
                          />
                        ) : null}
                        {latest?.statut === 'signee' && latest.documentId && latest.sha256 ? (
                          <Button
                            size="small"
                            component="a"
                            href={documentFileUrl(latest.documentId)}
                            download
                          >
                            Décision signée (PDF)
                          </Button>
                        ) : null}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </>
      ) : null}
      <CandidatesDialog
        decision={shown?.decision ?? null}
        title={shown?.title ?? ''}
        onClose={() => setShown(null)}
      />
      <Dialog
        open={confirming}
        onClose={() => (busy ? undefined : setConfirming(false))}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle>Apposer la signature du ministre ?</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            <p>
              La signature ci-dessous (version {signature?.numero}, déposée le{' '}
              {formatDateTime(signature?.deposeLe)} par {signature?.deposePar}) sera apposée sur{' '}
              {chosen.length === 1 ? 'la décision' : `les ${chosen.length} décisions`} :
            </p>
            <ul>
              {chosen.map(({ departement, decision }) => (
                <li key={decision.id}>
                  {departement.libelle} — n° {departement.reference ?? '(non enregistré)'},{' '}
                  {formatNumber(decision.effectif)} candidat{decision.effectif > 1 ? 's' : ''} admis
                </li>
              ))}
            </ul>
          </DialogContentText>
          {signature ? (
            <Box
              component="img"
              src={`${signatureImageUrl('courante')}?v=${signature.numero}`}
              alt="Signature du ministre à apposer"
              sx={{ display: 'block', maxHeight: 120, maxWidth: '100%', bgcolor: '#fff', my: 1 }}
            />
          ) : null}
          <Alert severity="warning">
            Une décision signée ne change plus : un changement de ses candidats demandera une
            nouvelle décision.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Annuler
          </Button>
          <Button variant="contained" onClick={() => void sign()} disabled={busy}>
            Confirmer la signature
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
