/**
 * react-admin's Columns button with roles a screen reader can use. Its column selector puts
 * `role="option"` rows, each holding a switch, inside a `role="menu"` list: a menu may not hold
 * options, an option needs a listbox, and an option may not contain a control (axe:
 * aria-required-children, aria-required-parent, nested-interactive). The rows are really a list of
 * labelled switches, so the list becomes a named `list` and each row a plain list item; the
 * switches, their labels, dragging to reorder and the arrow keys of MUI's menu list are unchanged.
 * The selector renders into the button's popover by a portal, so the roles are set where it renders.
 */
import { useEffect, useRef } from 'react';
import {
  ColumnsButton as RaColumnsButton,
  useResourceContext,
  useTranslate,
  type ColumnsButtonProps,
} from 'react-admin';

/** Gives the selector rendered under `container` list roles (see above); idempotent. */
export function fixColumnSelectorRoles(container: Element, name: string): void {
  for (const list of container.querySelectorAll('[role="menu"]')) {
    list.setAttribute('role', 'list');
    list.setAttribute('aria-label', name);
  }
  for (const row of container.querySelectorAll('li[role="option"]')) row.removeAttribute('role');
}

export function ColumnsButton(props: ColumnsButtonProps) {
  const resource = useResourceContext(props);
  const translate = useTranslate();
  const name = translate('ra.action.select_columns', { _: 'Columns' });
  const storeKey = props.storeKey ?? `${resource}.datatable`;
  const observer = useRef<MutationObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);

  // The selector is rendered (by a portal into the kept-mounted popover) some renders after the
  // button, so its roles are set when the popover opens — the button's click, by mouse or keyboard —
  // and again whenever react-admin redraws its rows (a reorder, a filter).
  const fixWhenShown = () =>
    requestAnimationFrame(() => {
      const container = document.getElementById(`${storeKey}-columnsSelector`);
      if (!container) return;
      fixColumnSelectorRoles(container, name);
      if (observer.current) return;
      observer.current = new MutationObserver(() => fixColumnSelectorRoles(container, name));
      observer.current.observe(container, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['role'],
      });
    });

  return (
    <span onClickCapture={fixWhenShown}>
      <RaColumnsButton {...props} />
    </span>
  );
}
