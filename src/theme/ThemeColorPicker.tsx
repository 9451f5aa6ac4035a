// The dashboard's theme colour picker: 30 circles, the current one ticked. Choosing one
// recolours the whole app at once and saves it for this user on the server.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import { useThemeColor } from './index';
import { SWATCHES, sameColor, type Swatch } from './swatches';

export function ThemeColorPicker() {
  const [current, setColor] = useThemeColor();
  return (
    <Box
      role="radiogroup"
      aria-label="رنگ پوسته"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(36px, 1fr))',
        gap: 1,
        justifyItems: 'center',
      }}
    >
      {SWATCHES.map((swatch) => (
        <SwatchCircle
          key={swatch.color}
          swatch={swatch}
          selected={sameColor(swatch.color, current)}
          onPick={() => void setColor(swatch.color)}
        />
      ))}
    </Box>
  );
}

function SwatchCircle({
  swatch,
  selected,
  onPick,
}: {
  swatch: Swatch;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    <Tooltip title={swatch.name}>
      <ButtonBase
        role="radio"
        aria-checked={selected}
        aria-label={swatch.name}
        onClick={onPick}
        sx={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          bgcolor: swatch.color,
          color: '#fff',
          boxShadow: selected ? `0 0 0 3px #fff, 0 0 0 5px ${swatch.color}` : 1,
          transition: 'transform 120ms',
          '&:hover, &.Mui-focusVisible': { transform: 'scale(1.12)' },
        }}
      >
        {selected && <CheckIcon fontSize="small" />}
      </ButtonBase>
    </Tooltip>
  );
}
