import {
  PERSON_LIST_COLUMNS,
  PERSON_LIST_OPTIONAL_COLUMNS,
  type PersonListColumn,
  type PersonRow,
} from '@examens-pro/domain';
import {
  PERSON_LIST_MAX_ROWS,
  readTableFile,
  type ReadTable,
  type TableRow,
  type TableSpec,
} from '@examens-pro/platform';

export type ListRow = TableRow<PersonListColumn> & { readonly values: PersonRow };
export type ReadList = ReadTable<PersonListColumn> & { readonly rows: readonly ListRow[] };

/** The columns of a list of persons are the registration area's; reading a table is the platform's. */
const PERSON_LIST_SPEC: TableSpec<PersonListColumn> = {
  columns: PERSON_LIST_COLUMNS,
  optional: PERSON_LIST_OPTIONAL_COLUMNS,
  maxRows: PERSON_LIST_MAX_ROWS,
};

/** A list of persons (« Inscrire un candidat »): its columns are the domain's. */
export const readPersonList = (bytes: Buffer): Promise<ReadList> =>
  readTableFile(PERSON_LIST_SPEC, bytes) as Promise<ReadList>;
