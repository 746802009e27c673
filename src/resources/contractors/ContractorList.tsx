/**
 * Contractors (/contractors, view_contractors; document 2, sections 2.5, 6, 7, 9): a server-paged
 * table (10 … 5000 per page) searched from the toolbar (plain text or the query language, from the
 * URL as `search` and `advanced`), sorted by any sortable column, with a streamed CSV export. The
 * logo can be replaced, the name opens the edit dialog and contractor tags edit in place, each with
 * its permission; the CRM company columns show only with view_contractors_company. Row actions open
 * the contractor's history, its developer-portal users and its installations.
 */
import { Box, Link as MuiLink } from '@mui/material';
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  List,
  Pagination,
  RefreshButton,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { contractor } from '../../../common/entities';
import { CrmCompanyLink } from '../../components/CrmCompanyLink';
import { RelativeDate } from '../../components/DateTimeField';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { EditableCell, TextValue } from '../installations/editors/EditableCell';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useTags } from '../tags/useTags';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { ContractorActions, useContractorActionRights } from './ContractorActions';
import { ContractorEditDialog } from './ContractorEditDialog';
import { ContractorLogoField } from './ContractorLogo';
import { ContractorTagCell } from './ContractorTagCell';
import { ExportContractorsButton } from './ExportContractorsButton';
import type { Contractor } from './types';
import { useUpdateContractorInCache } from './useUpdateContractorInCache';

const Column = DataTable.Col<Contractor>;
const rowsPerPageOptions = [...(contractor.perPageOptions ?? [10])];
/** Offered by the Columns button. */
const hiddenColumns = ['companyState', 'customSla', 'createdAt'];
/** One line per row: long values are cut with an ellipsis and shown whole on hover. */
const TABLE_SX = { '& td, & th': { whiteSpace: 'nowrap' }, '& td': { py: 0.25 } } as const;
const CUT_SX = { display: 'block', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

function Cut({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  return (
    <Box component="span" sx={CUT_SX} title={String(value)}>
      {String(value)}
    </Box>
  );
}

function ContractorListActions({ canCreate }: { canCreate: boolean }) {
  return (
    <TopToolbar>
      {canCreate && <CreateButton label="contractors.create.button" />}
      <ColumnsButton />
      <RefreshButton />
      <ExportContractorsButton />
    </TopToolbar>
  );
}

/** The name, with the edit dialog for a user with edit_contractors. */
function NameCell({ canEdit, canEditCrm }: { canEdit: boolean; canEditCrm: boolean }) {
  const record = useRecordContext<Contractor>();
  const translate = useTranslate();
  const updateInCache = useUpdateContractorInCache();
  if (!record) return null;
  return (
    <EditableCell
      display={<TextValue value={record.name} />}
      label={translate('contractors.edit.title', { name: record.name })}
      canEdit={canEdit}
      maxWidth={320}
      dialog={(close) => (
        <ContractorEditDialog
          record={record}
          canEditCrm={canEditCrm}
          onSaved={(saved) => updateInCache(record.id, saved)}
          onClose={close}
        />
      )}
    />
  );
}

/** A web link, opened in a new tab; long addresses are cut and shown whole on hover. */
function LinkCell({ href }: { href: string | null }) {
  if (!href) return <>—</>;
  return (
    <MuiLink href={href} target="_blank" rel="noreferrer noopener" title={href} variant="body2" sx={CUT_SX}>
      {href.replace(/^https?:\/\//i, '')}
    </MuiLink>
  );
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

export function ContractorList() {
  const translate = useTranslate();
  const { search, advanced } = useToolbarSearch();
  const access = useFieldAccess();
  const field = (name: string) => access.field(contractor, name);
  const { tags } = useTags('contractors');
  const canCreate = useCanAccessNow({ resource: 'contractors', action: 'create' });
  const canEdit = useCanAccessNow({ resource: 'contractors', action: 'edit' });
  const canEditCrm = canEdit && field('hsId') && access.permissions.can('edit_contractor_company');
  const rights = useContractorActionRights();
  const showActions = rights.history || rights.adpUsers || rights.installations;

  return (
    <List
      resource="contractors"
      title={translate('resources.contractors.name')}
      storeKey={false}
      filter={search ? { search, advanced } : undefined}
      perPage={rowsPerPageOptions[0]}
      sort={contractor.sort}
      pagination={<Pagination rowsPerPageOptions={rowsPerPageOptions} />}
      actions={<ContractorListActions canCreate={canCreate} />}
      empty={false}
      sx={LIST_SX}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty />}
        size="small"
        hiddenColumns={hiddenColumns}
        sx={TABLE_SX}
      >
        <Column source="logo" disableSort render={() => <ContractorLogoField canEdit={canEdit} />} />
        <Column source="id" align="right" />
        <Column source="name" render={() => <NameCell canEdit={canEdit} canEditCrm={canEditCrm} />} />
        <Column
          source="type"
          sx={{ whiteSpace: 'nowrap' }}
          render={(r) => translate(`contractors.types.${r.type}`, { _: r.type })}
        />
        <Column source="link" render={(r) => <LinkCell href={r.link} />} />
        {field('hsId') && <Column source="hsId" render={(r) => text(r.hsId)} />}
        {field('hsName') && (
          <Column source="hsName" render={(r) => <CrmCompanyLink hsId={r.hsId} hsName={r.hsName} />} />
        )}
        {field('companyOwner') && <Column source="companyOwner" render={(r) => <Cut value={r.companyOwner} />} />}
        {field('companyState') && <Column source="companyState" render={(r) => text(r.companyState)} />}
        {field('endOfDeal') && (
          <Column source="endOfDeal" sx={{ whiteSpace: 'nowrap' }} render={(r) => text(r.endOfDeal)} />
        )}
        <Column source="customSla" render={(r) => (r.customSla ? '✓' : '✗')} />
        <Column source="activeSubscriptions" align="right" />
        <Column source="currentInstallations" align="right" />
        <Column source="createdAt" sx={{ whiteSpace: 'nowrap' }} render={(r) => <RelativeDate value={r.createdAt} />} />
        {tags.map((tag) => (
          <Column
            key={tag.id}
            source={`tags.${tag.id}`}
            label={tag.name}
            disableSort
            render={() => <ContractorTagCell tag={tag} canEdit={access.tag('contractors', tag.id, 'edit')} />}
          />
        ))}
        {showActions && (
          <Column
            source="actions"
            label="contractors.actions.title"
            disableSort
            align="right"
            render={() => <ContractorActions rights={rights} />}
          />
        )}
      </DataTable>
    </List>
  );
}
