/** Help link (icon) to the query-language page, opened at the current list's fields. */
import { IconButton, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export const QUERY_HELP_PATH = '/help/query-language';

export const queryHelpLink = (list?: string) => (list ? `${QUERY_HELP_PATH}#fields-${list}` : QUERY_HELP_PATH);

export function QueryHelpButton({ list }: { list?: string }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('aq.query.help')}>
      <IconButton
        component={Link}
        to={queryHelpLink(list)}
        color="inherit"
        size="small"
        aria-label={translate('aq.query.help')}
      >
        <HelpOutlineIcon />
      </IconButton>
    </Tooltip>
  );
}
