/** The ticket badges of spec 4, as the kit draws them (older screens import them from here). */
export { SeverityBadge, TicketStatusBadge as StatusBadge } from '@/shared/ui/components/badge/Badge';
