import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { SessionSelect } from '../../common/filters';
import { formatDateTime, formatNumber, useOfficeTimeZone } from '../../common/format';
import {
  CandidatesDialog,
  DecisionStatusChip,
  documentFileUrl,
  Sha256,
  useDecisionChoices,
  type DecisionChoice,
} from './shared';

/**
 * « Téléchargement des décisions »: per département of the session, each signed decision's PDF
 * (the file made once at signing, its SHA-256 shown: a later change of the results never alters
 * it), the earlier versions a new decision replaced, and a draft (« Projet », watermarked) of the
 * decision in preparation or of the results of now.
 */
export const DecisionsDownloadPage = () => {
  useOfficeTimeZone();
  const { choices, sessionId, setSessionId, error } = useDecisionChoices();
  const [shown, setShown] = useState<{ decision: DecisionChoice; title: string } | null>(null);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Téléchargement des décisions" />
      <SessionSelect
        value={sessionId}
        onChange={setSessionId}
        sessions={choices.sessions}
        sx={{ mb: 2 }}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {sessionId && choices.departements.length === 0 ? (
        <Alert severity="info">Aucune décision ni aucun candidat admis pour cette session.</Alert>
      ) : null}
      {choices.departements.length > 0 ? (
        <Table size="small" aria-label="Décisions à télécharger">
          <TableHead>
            <TableRow>
              <TableCell>Département</TableCell>
              <TableCell align="right">Admis (résultats)</TableCell>
              <TableCell>Décisions</TableCell>
              <TableCell>Projet</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {choices.departements.map((d) => {
              const latest = d.decisions[d.decisions.length - 1];
              return (
                <TableRow key={d.departementId}>
                  <TableCell>{d.libelle}</TableCell>
                  <TableCell align="right">{formatNumber(d.admis)}</TableCell>
                  <TableCell>
                    {d.decisions.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        Aucune décision établie
                      </Typography>
                    ) : (
                      <Stack spacing={1}>
                        {[...d.decisions].reverse().map((x) => (
                          <Stack
                            key={x.id}
                            direction="row"
                            spacing={1}
                            alignItems="center"
                            useFlexGap
                            flexWrap="wrap"
                          >
                            <span>Version {x.numero}</span>
                            <DecisionStatusChip statut={x.statut} />
                            {x !== latest && x.statut === 'signee' ? (
                              <Typography variant="caption" color="text.secondary">
                                (remplacée par la version {latest?.numero})
                              </Typography>
                            ) : null}
                            {x.statut === 'signee' ? (
                              <Typography variant="body2">
                                n° {x.reference}, signée le {formatDateTime(x.signeeLe)} par{' '}
                                {x.signeePar} — {formatNumber(x.effectif)} candidat
                                {x.effectif > 1 ? 's' : ''}
                              </Typography>
                            ) : (
                              <Typography variant="body2">
                                {formatNumber(x.effectif)} candidat{x.effectif > 1 ? 's' : ''}, en
                                attente de signature
                              </Typography>
                            )}
                            <Button
                              size="small"
                              onClick={() =>
                                setShown({
                                  decision: x,
                                  title: `Candidats de la décision — ${d.libelle} (version ${x.numero})`,
                                })
                              }
                            >
                              Candidats
                            </Button>
                            {x.statut === 'signee' && x.documentId && x.sha256 ? (
                              <>
                                <Button
                                  size="small"
                                  variant="outlined"
                                  component="a"
                                  href={documentFileUrl(x.documentId)}
                                  download
                                  startIcon={<PictureAsPdfIcon />}
                                >
                                  Télécharger la décision signée
                                </Button>
                                <Typography variant="caption" color="text.secondary">
                                  SHA-256 <Sha256 value={x.sha256} />
                                </Typography>
                              </>
                            ) : x.statut === 'signee' ? (
                              <Typography variant="caption" color="text.secondary">
                                PDF signé en préparation…
                              </Typography>
                            ) : null}
                          </Stack>
                        ))}
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell>
                    <DownloadDocumentButton
                      kind="decision-admission"
                      label={
                        latest?.statut === 'brouillon'
                          ? 'Projet (PDF)'
                          : 'Projet des résultats actuels (PDF)'
                      }
                      cible={{ sessionId, departementId: d.departementId }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      <CandidatesDialog
        decision={shown?.decision ?? null}
        title={shown?.title ?? ''}
        onClose={() => setShown(null)}
      />
    </Box>
  );
};
