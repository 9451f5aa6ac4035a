// Icons are not mirrored by the RTL style plugin: a chevron that means "forward / more"
// points left in a right-to-left page.
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { SvgIconProps } from '@mui/material';
import { useTheme } from '@mui/material/styles';

export function ForwardChevron(props: SvgIconProps) {
  const rtl = useTheme().direction === 'rtl';
  return rtl ? <ChevronLeftIcon {...props} /> : <ChevronRightIcon {...props} />;
}
