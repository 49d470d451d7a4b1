import { Box, Button as MuiButton, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  EditBase,
  Form,
  maxLength,
  required,
  SaveButton,
  TextInput,
  Title,
  useNotify,
} from 'react-admin';
import { ApiError, changePassword } from '../common/api';
import { refreshSession, useSession } from '../common/session';
import { useHasPermission } from './permissions';

const OWN_ACCOUNT = 'mon-compte';

const name = (label: string) => [
  required(`${label} est obligatoire.`),
  maxLength(100, `${label} compte au plus 100 caractères.`),
];

const AccountForm = () => {
  const canSave = useHasPermission('compte.enregistrer');
  const session = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = session.status === 'authenticated' ? session.session.user : undefined;
  if (!user) return null;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Mes informations
        </Typography>
        <EditBase
          resource={OWN_ACCOUNT}
          // react-admin checks the fetched record's id against the one it asked for.
          id={user.id}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{
            onSuccess: async () => {
              notify('Votre compte a été enregistré.', { type: 'success' });
              // The name in the app bar and on the home page comes from the session.
              await refreshSession({ changed: true });
              await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
            },
          }}
        >
          <Form>
            <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 480 }}>
              <TextInput source="nom" validate={name('Le nom')} readOnly={!canSave} />
              <TextInput source="prenoms" validate={name('Les prénoms')} readOnly={!canSave} />
              <TextInput
                source="telephone"
                validate={required('Le téléphone est obligatoire.')}
                readOnly={!canSave}
              />
              <TextInput
                source="login"
                readOnly
                helperText="Seul un administrateur peut changer l’identifiant."
              />
              <TextField
                label="Profil"
                value={user.profil}
                slotProps={{ input: { readOnly: true } }}
              />
              {canSave ? (
                <Box sx={{ mt: 2 }}>
                  <SaveButton label="Enregistrer" />
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  Votre profil ne permet pas de modifier ces informations.
                </Typography>
              )}
            </Box>
          </Form>
        </EditBase>
      </CardContent>
    </Card>
  );
};

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

const PasswordForm = () => {
  const notify = useNotify();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'Le mot de passe actuel est obligatoire.';
    if (!values.newPassword) found.newPassword = 'Le nouveau mot de passe est obligatoire.';
    if (values.confirmation !== values.newPassword)
      found.confirmation = 'La confirmation ne correspond pas au nouveau mot de passe.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      notify('Votre mot de passe a été changé.', { type: 'success' });
      setValues({ currentPassword: '', newPassword: '', confirmation: '' });
      await refreshSession({ changed: true });
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) setErrors(error.body.errors);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      margin="dense"
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
    />
  );

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Changer mon mot de passe
        </Typography>
        <Box
          component="form"
          onSubmit={(e: FormEvent) => void submit(e)}
          noValidate
          sx={{ display: 'flex', flexDirection: 'column', maxWidth: 480 }}
          aria-label="Changer mon mot de passe"
        >
          {input('currentPassword', 'Mot de passe actuel', 'current-password')}
          {input('newPassword', 'Nouveau mot de passe', 'new-password')}
          {input('confirmation', 'Confirmation du nouveau mot de passe', 'new-password')}
          <Box sx={{ mt: 2 }}>
            <MuiButton type="submit" variant="contained" disabled={busy}>
              Changer le mot de passe
            </MuiButton>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
};

/** The signed-in user's own account: details (if their profile allows it) and password. */
export const MonComptePage = () => (
  <Box sx={{ mt: 2 }}>
    <Title title="Mon compte" />
    <AccountForm />
    <PasswordForm />
  </Box>
);
