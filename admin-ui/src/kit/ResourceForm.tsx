import { Create, Edit, ShowButton, SimpleForm, TopToolbar, useRecordContext } from 'react-admin';
import type { ResourceDeclaration } from './declaration';
import { defaultValuesOf, fieldInput, formFields } from './fields';
import { RecordTitle } from './RecordTitle';

/**
 * The declared fields in their order. `noValidate`: the browser's own checks (e-mail, bounds of
 * numbers) would block the form with an English bubble; the same rules answer in French, under
 * the field, from the form or the server.
 */
export const ResourceForm = ({
  declaration,
  creating = false,
}: {
  declaration: ResourceDeclaration;
  creating?: boolean;
}) => {
  const record = useRecordContext();
  return (
    <SimpleForm
      noValidate
      defaultValues={creating ? defaultValuesOf(declaration.fields) : undefined}
    >
      {formFields(declaration.fields, creating).map((field) =>
        fieldInput(field, creating ? undefined : record),
      )}
    </SimpleForm>
  );
};

export const ResourceCreate = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Create
    redirect={declaration.afterCreate ?? 'show'}
    mutationMode="pessimistic"
    title={`${declaration.label} : ${declaration.newItem ?? 'nouvel élément'}`}
  >
    {declaration.slots?.form ?? <ResourceForm declaration={declaration} creating />}
  </Create>
);

/**
 * Pessimistic: the command carries the version the user saw (If-Match), and a change saved
 * elsewhere in between is refused with the server's French message rather than overwritten.
 */
export const ResourceEdit = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Edit
    mutationMode="pessimistic"
    actions={
      <TopToolbar>
        <ShowButton />
      </TopToolbar>
    }
    redirect="show"
    title={<RecordTitle itemLabel={declaration.itemLabel} />}
  >
    {declaration.slots?.form ?? <ResourceForm declaration={declaration} />}
  </Edit>
);
