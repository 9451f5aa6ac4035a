// A window narrowed to a phone's width with the side menu open (a desktop browser made
// narrow, a tablet turned) left react-admin's side menu unusable: its drawer turned from
// the docked kind to the phone's in place, slid in from off the screen and stayed there,
// its invisible backdrop taking every tap until a reload. Here the drawer is made anew
// when the width crosses (as on a page opened at that width, where it works), and the
// menu is closed as the width becomes a phone's: the top bar's menu button opens it.
import { useEffect, useRef } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';

const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

export function PhoneSafeSidebar(props: SidebarProps) {
  const phone = usePhone();
  return <Sidebar key={phone ? 'phone' : 'docked'} {...props} />;
}

export function SidebarOnPhone() {
  const phone = usePhone();
  const [open, setOpen] = useSidebarState();
  const wasPhone = useRef(phone);
  useEffect(() => {
    if (phone && !wasPhone.current && open) setOpen(false);
    wasPhone.current = phone;
  }, [phone, open, setOpen]);
  return null;
}
