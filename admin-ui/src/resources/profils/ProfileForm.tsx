import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { PermissionsInput } from './PermissionsInput';

export const ProfileForm = () => (
  <SimpleForm>
    <TextInput
      source="libelle"
      validate={[
        required('Le libellé est obligatoire.'),
        maxLength(200, 'Le libellé compte au plus 200 caractères.'),
      ]}
      fullWidth
    />
    <PermissionsInput />
  </SimpleForm>
);
