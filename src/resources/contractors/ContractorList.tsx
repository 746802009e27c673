/**
 * Contractors (/contractors, view_contractors; document 2, sections 2.5, 6, 7, 9): a server-paged
 * table (10 … 5000 per page) searched from the toolbar (plain text or the query language, from the
 * URL as `search` and `advanced`), sorted by any sortable column, with a streamed CSV export. The
 * logo can be replaced, the name opens the edit dialog and contractor tags edit in place, each with
 * its permission; the CRM company columns show only with view_contractors_company. Row actions open
 * the contractor's history, its developer-portal users and its installations; they stay at the
 * card's right edge while a table wider than the window scrolls.
 */
import { Link as MuiLink } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { contractor } from '../../../common/entities';
import { CrmCompanyLink } from '../../components/CrmCompanyLink';
import { RelativeDate } from '../../components/DateTimeField';
import { formatDate } from '../../components/dates';
import { TruncatedText } from '../../components/TruncatedText';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { EntityListFrame } from '../EntityListFrame';
import { EditableCell, TextValue } from '../installations/editors/EditableCell';
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
/** Offered by the Columns button (the CRM company ID too: its name, shown, links to it). */
const hiddenColumns = ['hsId', 'companyState', 'customSla', 'createdAt'];
/** Long texts are cut there, and shown whole on hover. */
const CUT_WIDTH = 240;
const CUT_SX = { display: 'block', maxWidth: CUT_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

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
  const access = useFieldAccess();
  const field = (name: string) => access.field(contractor, name);
  const { tags } = useTags('contractors');
  const canEdit = useCanAccessNow({ resource: 'contractors', action: 'edit' });
  const canEditCrm = canEdit && field('hsId') && access.permissions.can('edit_contractor_company');
  const rights = useContractorActionRights();
  const showActions = rights.history || rights.adpUsers || rights.installations;

  return (
    <EntityListFrame
      entity={contractor}
      createLabel="contractors.create.button"
      exportButton={<ExportContractorsButton />}
      hiddenColumns={hiddenColumns}
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
      {field('hsName') && <Column source="hsName" render={(r) => <CrmCompanyLink hsId={r.hsId} hsName={r.hsName} />} />}
      {field('companyOwner') && (
        <Column source="companyOwner" render={(r) => <TruncatedText text={r.companyOwner} maxWidth={CUT_WIDTH} />} />
      )}
      {field('companyState') && <Column source="companyState" render={(r) => text(r.companyState)} />}
      {field('endOfDeal') && (
        <Column
          source="endOfDeal"
          sx={{ whiteSpace: 'nowrap' }}
          render={(r) => (r.endOfDeal ? formatDate(r.endOfDeal) : '—')}
        />
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
          sx={STICKY_END_SX}
          render={() => <ContractorActions rights={rights} />}
        />
      )}
    </EntityListFrame>
  );
}
