/** The toolbar of a Gen3 list: a create button (when the entity's create permission is held) and refresh. */
import { Button, RefreshButton, TopToolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import type { EntityDecl } from '../../../common/entities';
import { useCanAccessNow } from '../useCanAccessNow';

export function Gen3ListActions({ entity, to, label }: { entity: EntityDecl; to: string; label: string }) {
  const canCreate = useCanAccessNow({ resource: entity.name, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && (
        <Button component={Link} to={to} label={label}>
          <AddIcon />
        </Button>
      )}
      <RefreshButton />
    </TopToolbar>
  );
}
