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
import { useDeclaredColumns } from '../DeclaredColumns';
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

const Column = DataTable.Col<Contractor>;
/** Long texts are cut there, and shown whole on hover. */
const CUT_WIDTH = 240;
const CUT_SX = { display: 'block', maxWidth: CUT_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The name, with the edit dialog for a user with edit_contractors. */
function NameCell({ canEdit, canEditCrm }: { canEdit: boolean; canEditCrm: boolean }) {
  const record = useRecordContext<Contractor>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <EditableCell
      display={<TextValue value={record.name} />}
      label={translate('contractors.edit.title', { name: record.name })}
      canEdit={canEdit}
      maxWidth={320}
      dialog={(close) => <ContractorEditDialog record={record} canEditCrm={canEditCrm} onClose={close} />}
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
  // The columns are the declaration's (common/entities/contractor.ts); these are their cells.
  const { columns, hiddenColumns } = useDeclaredColumns<Contractor>(contractor, access, {
    logo: { disableSort: true, render: () => <ContractorLogoField canEdit={canEdit} /> },
    name: () => <NameCell canEdit={canEdit} canEditCrm={canEditCrm} />,
    type: { sx: { whiteSpace: 'nowrap' }, render: (r) => translate(`contractors.types.${r.type}`, { _: r.type }) },
    link: (r) => <LinkCell href={r.link} />,
    hsId: (r) => text(r.hsId),
    hsName: (r) => <CrmCompanyLink hsId={r.hsId} hsName={r.hsName} />,
    companyOwner: (r) => <TruncatedText text={r.companyOwner} maxWidth={CUT_WIDTH} />,
    companyState: (r) => text(r.companyState),
    endOfDeal: { sx: { whiteSpace: 'nowrap' }, render: (r) => (r.endOfDeal ? formatDate(r.endOfDeal) : '—') },
    customSla: (r) => (r.customSla ? '✓' : '✗'),
    createdAt: { sx: { whiteSpace: 'nowrap' }, render: (r) => <RelativeDate value={r.createdAt} /> },
    tags: {
      columns: tags.map((tag) => (
        <Column
          key={`tag-${tag.id}`}
          source={`tags.${tag.id}`}
          label={tag.name}
          disableSort
          render={() => <ContractorTagCell tag={tag} canEdit={access.tag('contractors', tag.id, 'edit')} />}
        />
      )),
    },
    actions: showActions && {
      align: 'right',
      sx: STICKY_END_SX,
      render: () => <ContractorActions rights={rights} />,
    },
  });

  return (
    <EntityListFrame
      entity={contractor}
      createLabel="contractors.create.button"
      exportButton={<ExportContractorsButton />}
      hiddenColumns={hiddenColumns}
    >
      {columns}
    </EntityListFrame>
  );
}
