// A button that opens a menu of links.
import { useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { LinkBase } from 'react-admin';

export interface MenuLink {
  label: string;
  to: string;
}

interface MenuButtonProps {
  label: string;
  icon?: ReactNode;
  links: MenuLink[];
  variant?: ButtonProps['variant'];
}

export function MenuButton({ label, icon, links, variant = 'outlined' }: MenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant={variant}
        startIcon={icon}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {links.map((link) => (
          <MenuItem key={link.to} component={LinkBase} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
