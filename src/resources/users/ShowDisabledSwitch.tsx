/** 'Show disabled': kept in the URL as `showDisabled`, next to the toolbar's `search`. */
import { FormControlLabel, Switch } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function useShowDisabled(): [boolean, (next: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: boolean) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('showDisabled', 'true');
        else p.delete('showDisabled');
        return p;
      },
      { replace: true },
    );
  return [params.get('showDisabled') === 'true', set];
}

export function ShowDisabledSwitch() {
  const [showDisabled, setShowDisabled] = useShowDisabled();
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={<Switch checked={showDisabled} onChange={(e) => setShowDisabled(e.target.checked)} />}
      label={translate('aq.pages.users.showDisabled')}
    />
  );
}
