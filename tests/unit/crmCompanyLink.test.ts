import { describe, expect, it } from 'vitest';
import { crmCompanyUrl } from '../../src/components/CrmCompanyLink';

describe('the CRM company link', () => {
  const template = 'https://crm.example/contacts/123/company/{hsId}';

  it('fills the company id into the configured template, encoded', () => {
    expect(crmCompanyUrl('987654321', template)).toBe('https://crm.example/contacts/123/company/987654321');
    expect(crmCompanyUrl(' a/b ', template)).toBe('https://crm.example/contacts/123/company/a%2Fb');
  });

  it('is no link without a template or without a company id', () => {
    expect(crmCompanyUrl('987654321', '')).toBeUndefined();
    expect(crmCompanyUrl(null, template)).toBeUndefined();
    expect(crmCompanyUrl('  ', template)).toBeUndefined();
  });
});
