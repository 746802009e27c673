/**
 * A CRM company (hsId, hsName) as a link to its page in the CRM when CRM_COMPANY_URL is configured
 * (a template with {hsId}), as its name otherwise — the "CRM company link" column of installations
 * and contractors.
 */
import { Link } from '@mui/material';
import { runtimeConfig } from '../config';
import { TruncatedText } from './TruncatedText';

/** The CRM page of a company, or undefined without a template or an id. */
export function crmCompanyUrl(hsId: unknown, template = runtimeConfig().crmCompanyUrl): string | undefined {
  if (!template || hsId === null || hsId === undefined || String(hsId).trim() === '') return undefined;
  return template.replaceAll('{hsId}', encodeURIComponent(String(hsId).trim()));
}

export function CrmCompanyLink({ hsId, hsName }: { hsId: unknown; hsName: unknown }) {
  const name = typeof hsName === 'string' && hsName !== '' ? hsName : hsId ? String(hsId) : '';
  if (!name) return <>—</>;
  const href = crmCompanyUrl(hsId);
  if (!href) return <TruncatedText text={name} maxWidth={220} />;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={name}
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {name}
    </Link>
  );
}
