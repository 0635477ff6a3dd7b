// The Messages screen: the contact inbox and where new-message alerts go.
import { formatCount } from "./inbox-query.ts";

/** The contact messages screen's words (it has no definition to hold them). */
export const inbox = {
  heading: "Contact Messages",
  loading: "Loading messages...",
  searching: "Searching...",
  empty: "No Messages Yet",
  emptyHint: "Messages sent through the contact page will appear here.",
  listLabel: "Messages",
  counts: (unread: number, total: number) =>
    `${formatCount(unread)} new, ${formatCount(total - unread)} handled`,
  search: "Search",
  searchLabel: "Search messages",
  searchHint: "Type a name, email address or words from the subject or message.",
  show: "Show",
  showOptions: [
    { value: "all", label: "All messages" },
    { value: "new", label: "New only" },
    { value: "handled", label: "Handled only" },
  ],
  noResults: (search: string) => `No results for “${search.trim()}”`,
  noResultsHint: "Check the spelling, or search for part of a name or email address.",
  noneNew: "No new messages. Everything has been handled.",
  noneHandled: "No handled messages yet.",
  clear: "Clear search",
  pages: "Pages",
  first: "First page",
  previous: "Previous",
  next: "Next",
  last: "Last page",
  page: (page: number, pages: number) => `Page ${formatCount(page)} of ${formatCount(pages)}`,
  loadError: "Error loading messages. Please try again.",
  markedNew: "Message marked as new.",
  markedHandled: "Message marked as handled.",
  updateError: "Error updating message. Please try again.",
  confirmDelete: "Are you sure you want to delete this message?",
  deleted: "Message deleted successfully!",
  deleteError: "Error deleting message. Please try again.",
} as const;

/** Where new-message alerts go: the Notifications section of the Messages screen. */
export const notificationWords = {
  heading: "Notifications",
  intro:
    "When someone writes through the contact form, an email says who wrote, the subject and the first lines, with a link to this inbox. When many arrive at once, the rest are gathered into one email an hour.",
  legend: "Send new-message alerts to",
  everyAdmin: "Every administrator",
  everyAdminHint: "Each administrator's own email address",
  oneAddress: "One address",
  oneAddressHint: "A shared mailbox, such as the office's",
  addressLabel: "Email address",
  addressInvalid: "Enter one email address, such as office@example.org.",
  save: "Save",
  saving: "Saving...",
  saved: "Notification settings saved.",
  unchanged: "Nothing to save: the settings are as they were.",
  saveError: "Error saving the notification settings. Please try again.",
  loading: "Loading the notification settings...",
  loadError: "Error loading the notification settings. Please try again.",
  paymentNote:
    "Alerts about the payment details and about these settings always go to every administrator as well.",
  noSettings: "The settings could not be found. Reload the page.",
  /** The Messages tile on the dashboard. */
  unread: (count: number) => (count === 1 ? "1 unread" : `${count} unread`),
} as const;
