import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithRef } from 'react';

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

export function DropdownMenuContent({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        align="end"
        sideOffset={8}
        className={`dropdown-content z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg ${className}`}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

const itemClassName =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900';

export function DropdownMenuItem({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof DropdownMenuPrimitive.Item>) {
  return <DropdownMenuPrimitive.Item className={`${itemClassName} ${className}`} {...props} />;
}

export function DropdownMenuLabel({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={`px-3 py-2 ${className}`} {...props} />;
}

export function DropdownMenuSeparator() {
  return <DropdownMenuPrimitive.Separator className="my-1.5 h-px bg-slate-200" />;
}
