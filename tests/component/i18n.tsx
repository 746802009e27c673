/**
 * Component tests that render without react-admin's AdminContext still get the real messages:
 * `render` from here wraps the tree in the console's i18nProvider (English).
 */
import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';

export const WithI18n = ({ children }: { children?: ReactNode }) => (
  <I18nContextProvider value={i18nProvider}>{children}</I18nContextProvider>
);

export const render = (ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) =>
  rtlRender(ui, { wrapper: WithI18n, ...options });
