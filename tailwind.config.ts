import type { Config } from "tailwindcss";

// The design tokens of the product. Tailwind 4 reads this file through the
// `@config` directive in src/styles/global.css; utilities such as `bg-brand-700`,
// `font-display` and `rounded-card` come from here.
export default {
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#effaf8",
          100: "#d7f2ed",
          200: "#b0e4db",
          300: "#7ccfc2",
          400: "#48b3a5",
          500: "#2b978a",
          600: "#1f7a70",
          700: "#1b625b",
          800: "#1a4f4a",
          900: "#18423e",
          950: "#082826",
        },
        accent: {
          50: "#fff8eb",
          100: "#feeac7",
          200: "#fdd38a",
          300: "#fcb84d",
          400: "#fb9f24",
          500: "#f57d0b",
          600: "#d95906",
          700: "#b43c09",
          800: "#922e0e",
          900: "#78270f",
        },
        ink: {
          DEFAULT: "#1c2430",
          muted: "#4a5566",
          soft: "#6b7585",
        },
        surface: {
          DEFAULT: "#ffffff",
          muted: "#f6f7f5",
          sunken: "#eceeea",
        },
      },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
        display: ["Georgia", "Cambria", "Times New Roman", "serif"],
        // Health tips may carry an emoji as their icon: the platform's colour emoji font.
        emoji: ["Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "sans-serif"],
      },
      borderRadius: {
        card: "1rem",
        pill: "9999px",
      },
      maxWidth: {
        content: "76rem",
      },
    },
  },
} satisfies Config;
