/**
 * A server-side list whose count stopped at a cap (`meta.capped`) says so: "1–10 of more than
 * 10,000" (Polish "1–10 z ponad 10 000"), and offers no numbered last page, which would be the
 * cap's page rather than the list's end. An exact total keeps react-admin's pagination.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ListBase } from 'react-admin';
import { installation } from '../../common/entities';
import { displayedRowsLabel, ListPagination } from '../../src/components/ListPagination';
import { readEnvelope } from '../../src/dataProviders';
import { i18nProvider } from '../../src/i18n';
import { TestAdmin, appDataProvider } from './support/admin';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));

function renderList(result: { total: number; meta?: { capped: boolean } }) {
  const getList = () => Promise.resolve({ data: rows, ...result });
  render(
    <TestAdmin dataProvider={appDataProvider({ getList })}>
      <ListBase resource="things" perPage={10} disableSyncWithLocation>
        <ListPagination rowsPerPageOptions={[10, 25]} />
      </ListBase>
    </TestAdmin>,
  );
}

describe('ListPagination', () => {
  it('says "more than" a capped total and has no last-page button', async () => {
    renderList({ total: 10_000, meta: { capped: true } });
    expect(await screen.findByText('1–10 of more than 10,000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /last page/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /^1000\b/ })).toBeNull();
    expect(screen.getByRole('button', { name: /next page/i })).toBeTruthy();
  });

  it('keeps react-admin pagination, with the last page, for an exact total', async () => {
    renderList({ total: 10_000 });
    expect(await screen.findByText('1-10 of 10000')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^1000\b/ })).toBeTruthy();
    expect(screen.queryByText(/more than/)).toBeNull();
  });

  it('writes the label in Polish with Polish digit groups', async () => {
    await i18nProvider.changeLocale('pl');
    try {
      const args = { from: 1, to: 10, count: 10_000 };
      expect(displayedRowsLabel(i18nProvider.translate, 'pl', args, true)).toBe('1–10 z ponad 10\u00a0000');
      expect(displayedRowsLabel(i18nProvider.translate, 'pl', args, false)).toBe('1–10 z 10\u00a0000');
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });
});

describe('readEnvelope', () => {
  it('reads the capped flag beside the total', () => {
    const body = (capped?: boolean) => ({ data: { installations: [] }, meta: { totalCount: 10_000, capped } });
    expect(readEnvelope(installation, body(true))).toMatchObject({ total: 10_000, capped: true });
    expect(readEnvelope(installation, body(false)).capped).toBe(false);
    expect(readEnvelope(installation, body()).capped).toBe(false);
  });
});
