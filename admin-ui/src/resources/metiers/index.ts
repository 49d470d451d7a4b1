import WorkIcon from '@mui/icons-material/Work';
import { MetierCreate } from './MetierCreate';
import { MetierEdit } from './MetierEdit';
import { MetierList } from './MetierList';
import { MetierShow } from './MetierShow';

export default {
  list: MetierList,
  create: MetierCreate,
  edit: MetierEdit,
  show: MetierShow,
  icon: WorkIcon,
  recordRepresentation: (record: { code?: string; libelle?: string }) =>
    `${record.code} — ${record.libelle}`,
};
