import { required, SimpleForm, TextInput, maxLength } from 'react-admin';
import { fieldInput } from '../lists/fields';
import { CLASSIFICATION } from './fields';

/** The fields staff type; the server checks the same rules (domain contract) and answers in French. */
export const MetierForm = () => (
  <SimpleForm>
    <TextInput
      source="code"
      validate={[
        required('Le code est obligatoire.'),
        maxLength(30, 'Le code compte au plus 30 caractères.'),
      ]}
      helperText="Lettres, chiffres, points, tirets ; enregistré en majuscules."
    />
    <TextInput
      source="libelle"
      validate={[
        required('Le libellé est obligatoire.'),
        maxLength(200, 'Le libellé compte au plus 200 caractères.'),
      ]}
      fullWidth
    />
    {CLASSIFICATION.map(fieldInput)}
  </SimpleForm>
);
