/**
 * The words of the demo data: what the tickets, replies, time entries, survey answers and help
 * articles of a company selling billing software, managed IT services, programming work and
 * pre-printed bill paper to utilities actually say. demo.ts decides who, when and how many.
 */
import type { Queue } from '@contracts/common/codes';

/** A kind of request: its queue, title variants and what the client wrote. `{route}` and the like are filled per ticket. */
export type TicketStory = { queue: Queue; titles: readonly string[]; descriptions: readonly string[]; work: readonly string[] };

export const FILL = {
  route: ['route 4', 'the north route', 'route 12', 'the commercial route', 'route 7', 'the rural route'],
  cycle: ['cycle 2', 'the mid-month cycle', 'cycle 5', 'the commercial cycle', 'cycle 1'],
  person: ['the front desk', 'our billing clerk', 'the new office manager', 'our field supervisor', 'the finance director'],
  report: ['aged receivables', 'consumption by class', 'the board summary', 'daily cash receipts', 'the meter exception list'],
  bank: ['First Regional Bank', 'our credit union', 'the county treasurer’s bank'],
} as const;

export const TICKET_STORIES: readonly TicketStory[] = [
  {
    queue: 'Support',
    titles: ['Billing run stopped halfway through {cycle}', 'Bill calculation stalls on {cycle}', 'Cannot finish the billing run for {cycle}'],
    descriptions: [
      'The calculation step stopped at about 60% with "record locked" and has not moved since. We need bills out by Friday.',
      'We started {cycle} after lunch and it froze on the same account twice. Nobody else is logged in to billing.',
    ],
    work: ['Cleared the stale lock and restarted the run', 'Reviewed the billing job log', 'Walked the clerk through the restart'],
  },
  {
    queue: 'Support',
    titles: ['Late fees applied to accounts that paid on time', 'Penalty charged despite payment on due date'],
    descriptions: [
      'Several customers on {route} paid at the window on the due date and still got a late fee on the next bill.',
      'Payments posted on the due date are being treated as late. Customers are calling and we are reversing by hand.',
    ],
    work: ['Checked the grace-period setting', 'Reversed the wrong penalties with the clerk', 'Traced the payment posting times'],
  },
  {
    queue: 'Support',
    titles: ['Meter reads from the handhelds are not importing', 'Handheld upload shows zero reads for {route}'],
    descriptions: [
      'The handheld docked fine but the import screen shows 0 reads for {route}. The file is on the share with today’s date.',
      'Reads for {route} came back from the field this morning and the import says the file is empty.',
    ],
    work: ['Re-imported the read file', 'Fixed the route mapping on the handheld', 'Checked the import share permissions'],
  },
  {
    queue: 'Support',
    titles: ['Online payment page times out at checkout', 'Customers get an error paying online'],
    descriptions: [
      'Since this morning customers get a spinning wheel and then "gateway timeout" after entering their card.',
      'We have had eight calls today from customers who could not pay online. Some were charged twice.',
    ],
    work: ['Checked the payment gateway status', 'Matched duplicate charges with the gateway report', 'Called the gateway’s support line'],
  },
  {
    queue: 'Support',
    titles: ['Bank rejected the ACH draft file', 'Draft file returned by {bank}'],
    descriptions: [
      '{bank} called to say the draft file was rejected: "invalid batch header". The drafts were due today.',
      'The ACH file for this month came back rejected. We changed banks last month, could that be it?',
    ],
    work: ['Corrected the origin routing number', 'Regenerated the draft file', 'Confirmed the resend with the bank'],
  },
  {
    queue: 'Support',
    titles: ['Usage graph on bills shows zero', 'Twelve-month usage chart is blank on new bills'],
    descriptions: ['The usage history chart on this cycle’s bills is flat at zero for every customer.', 'Bills print fine except the usage graph, which is empty.'],
    work: ['Rebuilt the usage history table', 'Reprinted a sample bill to confirm'],
  },
  {
    queue: 'Support',
    titles: ['Add a new user for {person}', 'New login needed for {person}', 'Remove access for a staff member who left'],
    descriptions: ['Please set up a billing system login with cashier rights.', 'Someone left on Friday; please disable their login and move their open work orders.'],
    work: ['Created the login and set permissions', 'Disabled the account and reassigned work orders'],
  },
  {
    queue: 'Support',
    titles: ['Password reset for {person}', 'Locked out of the billing system'],
    descriptions: ['Locked out after the password change this morning.', 'Three wrong tries and now the account is locked. Payments are waiting.'],
    work: ['Reset the password and unlocked the account'],
  },
  {
    queue: 'Support',
    titles: ['Bills printing with the wrong due date', 'Due date missing on {cycle} bills'],
    descriptions: ['The due date on the bill stub is one month off. We have not mailed them yet.', 'The test print of {cycle} shows no due date at all in the stub.'],
    work: ['Fixed the due-date rule for the cycle', 'Reviewed the bill print layout'],
  },
  {
    queue: 'Support',
    titles: ['Work order screen is very slow', 'Searching work orders takes minutes'],
    descriptions: ['Opening a work order takes about 40 seconds since last week. Field crews are waiting on the phone.', 'Any search in work orders hangs the screen for a minute or more.'],
    work: ['Rebuilt the work order indexes', 'Measured response times with the clerk'],
  },
  {
    queue: 'Managed Services',
    titles: ['Backup job finished with warnings', 'Nightly backup skipped files', 'Offsite backup did not run'],
    descriptions: ['The backup report shows 14 skipped files on the billing server.', 'The offsite copy has not run since Tuesday according to the dashboard.'],
    work: ['Reviewed the backup log and re-ran the job', 'Freed space on the backup target', 'Verified a test restore'],
  },
  {
    queue: 'Managed Services',
    titles: ['Firewall change for the new payment kiosk', 'Open a port for the meter vendor’s VPN'],
    descriptions: ['The kiosk vendor needs outbound HTTPS to their host. Details are in the attached email.', 'Our meter vendor needs a site-to-site VPN for their data collector.'],
    work: ['Added the firewall rule and tested', 'Configured the VPN tunnel with the vendor'],
  },
  {
    queue: 'Managed Services',
    titles: ['Front desk PC will not start', 'Receipt printer offline at the drive-up window', 'Email not arriving on office phones'],
    descriptions: ['It shows a blue screen and restarts in a loop.', 'The receipt printer at the window says offline. Customers are queueing.', 'Phones stopped getting email after the weekend.'],
    work: ['Remote session to diagnose', 'Replaced the printer cable on site', 'Re-enrolled the phones in mail'],
  },
  {
    queue: 'Managed Services',
    titles: ['Server disk almost full', 'Windows updates failing on the billing server'],
    descriptions: ['We got an alert that drive D on the billing server is at 95%.', 'Updates have failed three nights in a row on the billing server.'],
    work: ['Cleaned old exports and logs', 'Applied the updates in the maintenance window'],
  },
  {
    queue: 'Programming',
    titles: ['New report: {report} by month', 'Add a column to the {report} report', 'Export {report} to Excel'],
    descriptions: ['The board wants {report} by month for the last two years, printable on one page.', 'Could the report also show the service address? Auditors asked for it.'],
    work: ['Wrote the report query', 'Reviewed the layout with the client', 'Tested the report against last month’s totals'],
  },
  {
    queue: 'Programming',
    titles: ['Rate change for the new fiscal year', 'Set up the new drought surcharge'],
    descriptions: ['The council approved new water rates starting next cycle. The rate sheet is attached.', 'We need a temporary surcharge on usage over 10,000 gallons.'],
    work: ['Entered the new rate table', 'Ran a parallel calculation on test data', 'Compared sample bills with the client'],
  },
  {
    queue: 'Programming',
    titles: ['Interface with the new meter vendor', 'Import from the AMI head-end system'],
    descriptions: ['We are moving to radio-read meters; the vendor exports a CSV every hour.', 'The AMI system can push reads nightly. Can billing take them automatically?'],
    work: ['Mapped the vendor file format', 'Built the import and tested with sample files'],
  },
  {
    queue: 'Sales',
    titles: ['Quote for pre-printed bill stock', 'Pricing for the envelope upgrade', 'Order more bill paper before year end'],
    descriptions: ['We are running low on 1-up bill stock. Can we get a quote for six cases?', 'We would like to move to double-window envelopes. What would that cost?'],
    work: ['Prepared the quote', 'Confirmed stock and delivery date'],
  },
  {
    queue: 'Sales',
    titles: ['Paper order arrived damaged', 'Wrong envelope size delivered'],
    descriptions: ['Two of the four cases were crushed and wet in transit.', 'We received #9 envelopes instead of #10 double-window.'],
    work: ['Arranged the replacement shipment', 'Filed the carrier claim'],
  },
  {
    queue: 'QA',
    titles: ['Test the new release before go-live', 'Verify the rate change on sample bills'],
    descriptions: ['Please run the standard billing test set on the new release in the test system.', 'Check twenty sample accounts against the hand calculation.'],
    work: ['Ran the regression set', 'Compared sample bills and noted one difference'],
  },
];

/** Replies and notes, in the order a conversation goes. */
export const STAFF_FIRST_REPLIES = [
  'Thanks for letting us know. I am looking at it now and will update you within the hour.',
  'Got it. Could you send a screenshot of the message and the account number it happened on?',
  'I have connected to your server and can see the problem. Working on a fix.',
  'Thanks, this is with me. Is this happening for every user or only at one workstation?',
  'Understood. I have raised the priority because of your billing deadline.',
];
export const CLIENT_REPLIES = [
  'Screenshot attached. It happened on the first account of the route.',
  'Only on the front desk PC as far as we can tell.',
  'Thank you! Is there anything we need to do on our side?',
  'It is still happening this morning, unfortunately.',
  'That worked, the run finished. Thanks for the quick help.',
  'We need this before Friday’s mailing if at all possible.',
];
export const INTERNAL_NOTES = [
  'Internal: same symptom as last quarter at another site; the nightly import job held the lock.',
  'Internal: checked the logs. The error starts right after the update on Monday.',
  'Internal: needs a programming change; moving the estimate to the dev team.',
  'Internal: client is sensitive about the deadline, please keep them posted daily.',
  'Internal: vendor ticket opened, waiting on their reply.',
];
export const STAFF_FOLLOW_UPS = [
  'The fix is in place. Could you try again and let me know?',
  'We found the cause: a setting changed in the last update. It is corrected now.',
  'The vendor confirmed the issue on their side and expects a fix tomorrow. I will follow up.',
  'All set. I will leave this open for a day in case anything else comes up.',
  'I have scheduled the change for tonight’s maintenance window, after 6 pm.',
];
export const CLOSING_REPLIES = [
  'Glad that is sorted. I am closing this ticket; reply any time if it comes back.',
  'Closing this now. Thanks for your patience while we worked on it.',
];

/** Survey answers, by how the respondent felt (1 unhappy .. 5 delighted). */
export const SURVEY_COMMENTS: Record<number, readonly string[]> = {
  1: ['It took three days to hear back on a billing emergency.', 'We had to call several times before anyone picked it up.'],
  2: ['The fix worked but we were not kept informed.', 'Slower than we are used to.'],
  3: ['Fine overall, nothing special.', 'Solved in the end, took a while.'],
  4: ['Quick and friendly, thank you.', 'Good help, the follow-up call was appreciated.'],
  5: ['Avery fixed it in minutes, excellent service.', 'Always helpful and they explain what went wrong.', 'Best support we have had from any vendor.'],
};
export const SURVEY_IMPROVE = ['Call back sooner when it is urgent.', 'Tell us when the fix is live.', 'More evening hours during billing week.', ''];
export const FAVOURITE_TOOLS = ['Bill print preview', 'The payment posting screen', 'Meter read import', 'Work orders', 'Reports'];

/** Help articles clients read in the portal: category, title, Markdown. */
export const ARTICLES: readonly (readonly [string, string, string])[] = [
  [
    'Getting started with the client portal',
    'Portal',
    '# Welcome\n\nThe client portal is where your team and ours work on your requests.\n\nUse **Tickets** to raise and follow requests for your company.\n\n- Create a ticket\n- Reply to our team\n- Track status\n\n## Tips\n\n1. Put the account or route number in the title.\n2. Attach screenshots: they save a round trip.\n3. Mark billing-deadline problems as **High** priority.',
  ],
  [
    'How to reset your password',
    'Portal',
    '# Resetting your password\n\nOpen **Forgot password** on the login page and enter your email. The link is valid for 60 minutes.\n\nIf the email does not arrive within five minutes, check your spam folder, then contact support.',
  ],
  [
    'Running a billing cycle',
    'Billing',
    '# Running a billing cycle\n\n1. Import meter reads\n2. Review exceptions (high, low and zero usage)\n3. Calculate bills\n4. Print or email bills\n\n> Run the calculation after the exception review: edits made afterwards are not on the bills.\n\n## When the run stops\n\nIf the run stops with **record locked**, make sure nobody is editing an account of the cycle, then use **Resume run**.',
  ],
  [
    'Fixing rejected autopay files',
    'Billing',
    '# Fixing rejected autopay files\n\nA rejected file usually means the bank routing number changed. Check the **ACH settings** screen.\n\n| Bank message | What to check |\n| --- | --- |\n| Invalid batch header | Origin routing number |\n| Invalid trace number | File sequence |\n\nAfter correcting the setting, regenerate the file and send it again the same day.',
  ],
  [
    'Late fees: grace periods and reversals',
    'Billing',
    '# Late fees\n\nPenalties are applied by the **penalty run** after the grace period set under *Billing settings*.\n\n- Payments posted on the due date are on time.\n- A wrong penalty is reversed with an **adjustment**, never by editing the bill.\n\nRun the *Penalty preview* report before the penalty run to catch surprises.',
  ],
  [
    'Importing meter reads from handhelds',
    'Billing',
    '# Importing meter reads\n\n1. Dock the handheld and wait for the green light.\n2. Open **Meter reads → Import** and pick the route.\n3. Review the exception list before accepting.\n\nIf the import shows **0 reads**, the route on the handheld does not match the route in billing: check the route code.',
  ],
  [
    'Setting up a rate change',
    'Billing',
    '# Rate changes\n\nCreate the new rate table with the **effective date** of the first cycle it applies to. Keep the old table: bills for earlier periods still use it.\n\nWe recommend a parallel calculation on a copy of the data before go-live; ask us and we will run it with you.',
  ],
  [
    'Ordering pre-printed bill paper',
    'Paper',
    '# Ordering bill paper\n\nOrder paper from **Order Paper**. Allow 5 business days for delivery.\n\n- 1-up stock suits most offices.\n- 2-up stock halves the paper for large cycles.\n- Envelopes must match the stock’s window positions.\n\nOrder before you are down to one case: a billing week is a bad time to run out.',
  ],
  [
    'Backup warnings explained',
    'Managed Services',
    '# Backup warnings\n\nA backup warning means the nightly job finished with skipped files; our team checks each one.\n\nMost skipped files are open documents. A failed backup (not a warning) pages our on-call engineer at once.',
  ],
  [
    'Keeping the office PCs updated',
    'Managed Services',
    '# Updates\n\nWe install security updates on office PCs on Tuesday nights and on servers in the monthly maintenance window.\n\nLeave PCs switched on (screens off) on Tuesday evenings so the updates can install.',
  ],
  [
    'Requesting a software change',
    'Portal',
    '# Software change requests\n\nUse **Software Change Requests** for anything the system does not do yet: a new report, a column, an interface.\n\nDescribe the business reason: it helps us size and prioritize the work. You will see each request move from *Submitted* to *Released*.',
  ],
  [
    'Taking card payments at the counter',
    'Billing',
    '# Counter payments\n\n1. Find the account by number or service address.\n2. Choose **Card** and follow the terminal prompts.\n3. Print or email the receipt.\n\nIf the terminal shows *offline*, restart it and wait a minute before trying again.',
  ],
  [
    'Printing duplicate bills',
    'Billing',
    '# Printing a duplicate bill\n\nOpen the account, choose **Bills**, pick the period and press **Reprint**. A reprint is marked *DUPLICATE* in the top corner so it is never mailed twice by mistake.\n\nDuplicates can also be emailed as a PDF from the same screen.',
  ],
  [
    'Setting up budget billing',
    'Billing',
    '# Budget billing\n\nBudget billing spreads a customer\'s charges evenly over the year. The monthly amount is the average of the last 12 months of usage, recalculated every six months.\n\nThe true-up month settles the difference between budgeted and actual charges. Set it under **Account → Budget plan**.',
  ],
  [
    'Final bills when a customer moves out',
    'Billing',
    '# Final bills\n\nWhen a customer moves out, enter a **final read** with the move-out date. The final bill prorates the base charge by days of service and applies the deposit before any balance is due.\n\nA refund of a leftover deposit is printed as a check in the next accounts payable run.',
  ],
  [
    'Customer deposits and refunds',
    'Billing',
    '# Deposits\n\nNew residential accounts pay a deposit of twice the average monthly bill. The deposit is refunded automatically after 12 months of on-time payments and credited to the next bill.',
  ],
  [
    'Payment plans for past-due accounts',
    'Billing',
    '# Payment plans\n\nA payment plan (also called an arrangement) splits a past-due balance into up to six monthly installments. While the plan is kept, the account is excluded from the shut-off list.\n\nA missed installment cancels the plan and puts the account back on the next shut-off list.',
  ],
  [
    'Shut-off notices and disconnection lists',
    'Billing',
    '# Shut-off notices\n\nThe **delinquency run** prints shut-off notices ten days before the disconnection date. The disconnection list for field crews is printed on the morning of the shut-off day and leaves out accounts that paid or made a plan.',
  ],
  [
    'Posting lockbox payments from the bank',
    'Billing',
    '# Lockbox payments\n\nThe bank sends a lockbox file each morning. Open **Payments → Import lockbox**, choose the file and review the batch total against the bank deposit slip before posting.\n\nPayments that match no account go to the *suspense* list for the clerk to assign.',
  ],
  [
    'Correcting a wrong meter read',
    'Billing',
    '# Correcting a read\n\nIf a bill went out with a wrong read, enter the corrected read with the code **EST-CORR**. The next bill recalculates the period and shows a credit or a charge for the difference, with a note to the customer.',
  ],
  [
    'Adding a new service address',
    'Billing',
    '# New service addresses\n\nNew addresses are added under **Locations → New**. Each location needs a route, a sequence number within the route and a rate class before a meter can be set on it.',
  ],
  [
    'Exporting the general ledger to accounting',
    'Billing',
    '# General ledger export\n\nAt month end, run **Reports → GL export**. The file lists every revenue and cash account with its totals, ready for import into your accounting package.\n\nRun it only after the last billing cycle of the month is posted, otherwise revenue lands in the wrong month.',
  ],
  [
    'Closing the month in the billing system',
    'Billing',
    '# Month-end close\n\nMonth-end close locks the period: after it, no payment or adjustment can be dated in that month. Close the month after the GL export and after the aged receivables report balances to the ledger.',
  ],
  [
    'Paying your Client Care invoice',
    'Account',
    '# Paying our invoices\n\nOur invoices are due 30 days from the invoice date. You can pay by ACH to the account printed on the invoice or by check to our office address.\n\nFor a copy of an invoice or a W-9, reply to the invoice email and our accounts team answers within one business day.',
  ],
  [
    'Support hours and emergency contacts',
    'Account',
    '# Support hours\n\nSupport is open Monday to Friday, 7 am to 6 pm Central time. During billing week we also answer Saturdays from 8 am to noon.\n\nFor an emergency outside those hours (a billing run that must go out, a payment page that is down), call the on-call number in your welcome pack. Critical tickets are answered within one hour.',
  ],
  [
    'Ticket priorities and response times',
    'Portal',
    '# Priorities\n\n| Priority | First response |\n| --- | --- |\n| Critical | 1 hour |\n| High | 4 hours |\n| Medium | 1 business day |\n| Low | 3 business days |\n\nCritical means billing, payments or the office cannot work at all.',
  ],
  [
    'Adding colleagues to the client portal',
    'Portal',
    '# Inviting colleagues\n\nAsk us in a ticket to invite a colleague: give their name and email. They receive an invitation link that is valid for seven days and set their own password.\n\nEveryone from your company sees all of your company\'s tickets.',
  ],
  [
    'Attaching files to a ticket',
    'Portal',
    '# Attachments\n\nYou can attach up to ten files to a ticket, each up to 10 MB. Pictures (PNG, JPEG), PDFs, spreadsheets and text files are accepted; programs and archives are refused for safety.',
  ],
  [
    'Two-factor sign-in for the billing system',
    'Managed Services',
    '# Two-factor sign-in\n\nThe billing system asks for a six-digit code from the authenticator app after the password. A new phone needs to be enrolled again: open a ticket and we reset the enrolment the same day.',
  ],
  [
    'Setting up a new office printer',
    'Managed Services',
    '# New printers\n\nWe set up new printers remotely once they are on the network. Tell us the printer\'s model and its IP address (printed from the printer\'s network menu) in a ticket, and which PCs should use it.',
  ],
  [
    'Working from home with the VPN',
    'Managed Services',
    '# VPN\n\nStaff working from home connect with the VPN client before opening the billing system. If the VPN says *authentication failed*, the password has usually expired: passwords expire every 90 days.',
  ],
  [
    'Spotting phishing emails',
    'Managed Services',
    '# Phishing\n\nWe will never ask for your password by email. Forward a suspicious email as an attachment to our support address and delete it; we check it and block the sender for the whole office.',
  ],
  [
    'Paper stock sizes and envelope windows',
    'Paper',
    '# Paper sizes\n\nOur bill stock is 8.5 by 11 inches with a perforated return stub. Use #10 double-window envelopes for mailing and #9 single-window envelopes for the customer\'s return payment.',
  ],
  [
    'Tracking a paper order',
    'Paper',
    '# Tracking an order\n\nEvery order in **Order Paper** shows its status: received, shipped or delivered. The tracking number appears when the order ships; freight is by ground carrier from our warehouse.',
  ],
  [
    'Installing a new release of the billing system',
    'Releases',
    '# New releases\n\nWe install new releases in the evening after you confirm the date, never during billing week. The release notes are emailed two days before; we test the standard billing set on your test system first.',
  ],
  [
    'Moving to radio-read meters (AMI)',
    'Billing',
    '# AMI meters\n\nWith radio-read meters, the head-end system exports reads every night and billing imports them automatically at 5 am. Reads that fail validation appear on the exception list like handheld reads do.',
  ],
  ['Draft: new release notes', 'Releases', 'Not yet published.'],
];

/** Catalog items beyond the paper stock, so quotes of every type have something to quote: SKU, category, name, description, price and cost in cents, taxable. */
export const CATALOG_ITEMS: readonly (readonly [string, string, string, string, number, number, boolean])[] = [
  ['SUP-MS-GOLD', 'support', 'Managed services, Gold (per month)', 'Monitoring, patching, backups and unlimited remote support for the office and billing servers.', 145_000, 88_000, false],
  ['SUP-MS-SILVER', 'support', 'Managed services, Silver (per month)', 'Monitoring, patching and backups; remote support billed from the hours block.', 95_000, 56_000, false],
  ['SUP-BLOCK-10', 'support', 'Support hours, block of 10', 'Ten hours of billing-system support, used in 15-minute steps, valid for twelve months.', 150_000, 70_000, false],
  ['SUP-ONCALL', 'support', 'After-hours on-call cover (per month)', 'A named engineer on call evenings and weekends during billing weeks.', 45_000, 25_000, false],
  ['PRJ-HOUR', 'project', 'Programming, per hour', 'Analysis, programming and testing by our development team.', 17_500, 9_000, false],
  ['PRJ-RATES', 'project', 'Rate table set-up', 'New rate tables entered, tested in a parallel run and compared with sample bills.', 120_000, 60_000, false],
  ['PRJ-AMI', 'project', 'Meter interface (AMI/AMR import)', 'Nightly import of reads from the meter head-end system with an exception report.', 850_000, 420_000, false],
  ['PRJ-REPORT', 'project', 'Custom report', 'One report designed with your staff, printable and exported to Excel.', 95_000, 45_000, false],
  ['SVC-TRAIN', 'service', 'On-site training day', 'A day at your office with up to eight staff; travel included within 200 miles.', 140_000, 80_000, true],
  ['HW-HANDHELD', 'hardware', 'Meter-reading handheld', 'Rugged handheld with route software installed and a two-year warranty.', 189_900, 132_000, true],
  ['HW-DOCK', 'hardware', 'Handheld charging dock', 'Charges and uploads one handheld.', 34_900, 21_000, true],
  ['HW-RECEIPT', 'hardware', 'Receipt printer', 'Thermal receipt printer for the counter and the drive-up window.', 42_900, 27_500, true],
  ['HW-FIREWALL', 'hardware', 'Firewall appliance', 'Next-generation firewall for an office of up to 50 users, with a year of updates.', 249_900, 171_000, true],
  ['HW-WORKSTATION', 'hardware', 'Front-desk workstation', 'Small-form-factor PC with a 24-inch screen, set up and joined to the domain.', 109_900, 78_000, true],
  ['SW-PAYPORTAL', 'software', 'Online payment portal (per year)', 'Card and ACH payments online for your customers, with nightly posting.', 360_000, 150_000, true],
  ['SW-SEAT', 'software', 'Additional billing user licence', 'One more named user of the billing system.', 45_000, 12_000, true],
];

/** A quote of each type: its titles and the lines it quotes, as [SKU, lowest quantity, highest quantity, optional]; a heading is [text]. */
export type QuoteStory = { titles: readonly string[]; lines: readonly (readonly [string, number, number, boolean] | readonly [string])[]; notes: readonly string[] };
export const QUOTE_STORIES: Record<'support' | 'project' | 'hardware' | 'paper', QuoteStory> = {
  support: {
    titles: ['Managed services renewal', 'Support for the billing season', 'Managed services for the new office'],
    lines: [['SUP-MS-GOLD', 12, 12, false], ['SUP-BLOCK-10', 1, 3, false], ['SUP-ONCALL', 3, 12, true]],
    notes: ['Prices hold for the whole contract year.', 'Hours not used roll over to the next quarter.'],
  },
  project: {
    titles: ['Rate change for the new fiscal year', 'AMI meter interface', 'Board reports package'],
    lines: [['Design and build'], ['PRJ-RATES', 1, 1, false], ['PRJ-REPORT', 1, 3, false], ['PRJ-HOUR', 8, 40, false], ['Go-live'], ['SVC-TRAIN', 1, 2, true]],
    notes: ['Estimate based on the requirements call; changes are quoted separately.', 'A parallel run on your data is included before go-live.'],
  },
  hardware: {
    titles: ['Handheld refresh for the meter readers', 'Front office hardware refresh', 'Firewall replacement'],
    lines: [['HW-HANDHELD', 2, 6, false], ['HW-DOCK', 2, 6, false], ['HW-RECEIPT', 1, 2, false], ['HW-FIREWALL', 1, 1, true], ['SW-SEAT', 1, 3, true]],
    notes: ['Delivered and installed within three weeks of acceptance.', 'Old devices are wiped and recycled at no charge.'],
  },
  paper: {
    titles: ['Bill stock for the coming quarter', 'Envelope upgrade', 'Year-end paper order'],
    lines: [['PAP-BILL-1UP', 4, 12, false], ['PAP-ENV-10', 4, 12, false], ['PAP-ENV-RET', 2, 6, true]],
    notes: ['Ships from stock within five business days.', 'Freight included for orders of four cases or more.'],
  },
};
export const QUOTE_DECLINE_REASONS = ['The board postponed the budget to next year.', 'We went with the vendor we already use for meters.', 'Too expensive for this year.', 'We are doing it in-house for now.'];
