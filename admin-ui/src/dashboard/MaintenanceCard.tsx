import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { refreshMaintenance } from '../common/maintenance';
import type { ExamensDataProvider } from './dataProvider';
import { useHasPermission } from './permissions';

const MAX_MESSAGE = 500;

/**
 * The maintenance switch: while it is on, the public pages show the notice and staff keep the
 * dashboard. Only a holder of `administration.maintenance` may switch it.
 */
export const MaintenanceCard = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canSwitch = useHasPermission('administration.maintenance');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: ['maintenance'],
    queryFn: () => dataProvider.maintenance(),
  });
  const active = data?.active === true;

  const { mutate, isPending: switching } = useMutation({
    mutationFn: () => dataProvider.setMaintenance(!active, message.trim()),
    onSuccess: async () => {
      notify(active ? 'Mode maintenance désactivé.' : 'Mode maintenance activé.', {
        type: 'success',
      });
      setMessage('');
      await queryClient.invalidateQueries({ queryKey: ['maintenance'] });
      await refreshMaintenance();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setConfirming(false),
  });

  return (
    <Card component="section" aria-labelledby="maintenance-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="maintenance-title" variant="h6" component="h2" gutterBottom>
          Mode maintenance
        </Typography>
        {isPending ? (
          <CircularProgress size={24} aria-label="Chargement" />
        ) : (
          <>
            <Alert severity={active ? 'warning' : 'success'} sx={{ mb: 2 }}>
              {active
                ? `Le mode maintenance est activé : les pages publiques affichent l’avis de maintenance.${data?.message ? ` Message : « ${data.message} »` : ''}`
                : 'Le mode maintenance est désactivé : le site public est ouvert.'}
            </Alert>
            {canSwitch ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
                {!active ? (
                  <TextField
                    label="Message de maintenance (facultatif)"
                    multiline
                    minRows={2}
                    value={message}
                    onChange={(e) => setMessage(e.target.value.slice(0, MAX_MESSAGE))}
                    helperText={`${message.length}/${MAX_MESSAGE} caractères. Sans message, un texte par défaut est affiché.`}
                  />
                ) : null}
                <Box>
                  <MuiButton
                    variant="contained"
                    color={active ? 'primary' : 'warning'}
                    onClick={() => setConfirming(true)}
                    disabled={switching}
                  >
                    {active ? 'Désactiver le mode maintenance' : 'Activer le mode maintenance'}
                  </MuiButton>
                </Box>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Seul un administrateur autorisé peut activer ou désactiver la maintenance.
              </Typography>
            )}
          </>
        )}
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={switching}
        title={active ? 'Désactiver le mode maintenance ?' : 'Activer le mode maintenance ?'}
        content={
          active
            ? 'Le site public sera de nouveau accessible à tous.'
            : 'Les pages publiques afficheront l’avis de maintenance ; le personnel connecté garde le tableau de bord.'
        }
        confirm="ra.action.confirm"
        cancel="ra.action.cancel"
        onConfirm={() => mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
