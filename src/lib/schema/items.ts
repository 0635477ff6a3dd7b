// The items of the content tables' JSON lists, each written once. The database
// checks the same keys (private.is_object_list: required keys hold visible text,
// optional keys text or null, no other key).
import { isShownTipIcon } from "../icons.ts";
import {
  type ItemOf,
  itemEmail,
  itemImage,
  itemLink,
  itemOptText,
  itemText,
  listItem,
  pickedIcon,
  serviceIcon,
} from "./columns.ts";

const REQUIRED = "Please fill in all required fields";

export const service = listItem("service", {
  icon: serviceIcon(),
  title: itemText("Enter the service title"),
  description: itemText("Enter the service description"),
});

/** A value the charity holds (About Us, Our Mission): an icon, a title and a sentence. */
export const coreValue = listItem("value", {
  icon: serviceIcon(),
  title: itemText("Enter the value's title"),
  description: itemText("Enter the value's description"),
});

export const statistic = listItem("statistic", {
  number: itemText("Enter the number"),
  label: itemText("Enter the label"),
});

export const healthTip = listItem("health tip", {
  title: itemText("Enter the tip's title"),
  description: itemText("Enter the tip's description"),
  icon: pickedIcon("Enter an icon or emoji", isShownTipIcon, "Choose an icon, or type one emoji"),
});

export const qrCode = listItem("QR code", {
  title: itemText("Enter the QR code's title"),
  image_url: itemImage("Upload the QR code image or enter its address"),
  description: itemOptText(),
});

export const bankAccount = listItem("bank account", {
  bank_name: itemText(REQUIRED),
  account_name: itemText(REQUIRED),
  account_number: itemText(REQUIRED),
  routing_number: itemOptText(),
  swift_code: itemOptText(),
  branch: itemOptText(),
});

/** Where a gift can go, on Donate: an icon, a title, a sentence and the page it leads to. */
export const givingArea = listItem("giving area", {
  icon: serviceIcon(),
  title: itemText("Enter the area's title"),
  description: itemText("Enter the area's description"),
  href: itemLink("Enter the page it leads to, such as /children-home/"),
});

/** A national emergency service's number, on the contact page: 'Police' '100'. */
export const emergencyNumber = listItem("emergency number", {
  label: itemText("Enter the service's name"),
  number: itemText("Enter the number"),
});

export const phone = listItem("phone number", {
  number: itemText("Enter the phone number"),
});

export const emailAddress = listItem("email address", {
  address: itemEmail("Enter the email address"),
});

export const socialLink = listItem("social link", {
  label: itemText("Enter the network's name, such as Facebook"),
  href: itemLink("Enter the page's address"),
});

export type Service = ItemOf<typeof service>;
export type Statistic = ItemOf<typeof statistic>;
export type HealthTip = ItemOf<typeof healthTip>;
export type QrCode = ItemOf<typeof qrCode>;
export type BankAccount = ItemOf<typeof bankAccount>;
export type Phone = ItemOf<typeof phone>;
export type EmailAddress = ItemOf<typeof emailAddress>;
export type SocialLinkItem = ItemOf<typeof socialLink>;
