// ページヘッドの日本語テキスト（ADR 031）。
import type { HeadTexts } from '../types.ts';

const DESCRIPTION =
  'Yardshareは、空いている土地を持つ人と野菜を育てたい人をつなぎます。区画を借りる、作業と交換で使う、コミュニティガーデンに参加するなど、自由に選べます。';
const KEYWORDS = [
  'yardshare',
  '庭 シェア',
  'シェア畑',
  'コミュニティガーデン',
  '貸し農園',
  'ワークエクスチェンジ',
  '家庭菜園',
];

export const ja: HeadTexts = {
  defaultDescription: DESCRIPTION,
  defaultKeywords: KEYWORDS,
  defaultImageAlt: 'Yardshare：土地をシェアして、野菜を育てよう',
  pages: {
    '/': { title: '土地をシェアして、野菜を育てよう', description: DESCRIPTION, keywords: KEYWORDS },
    '/how-it-works': {
      title: 'ご利用の流れ',
      description:
        '区画を借りる、週に数時間の作業と交換でスペースを使う、無料のコミュニティガーデンに参加する。Yardshareでのホストと栽培の流れをステップごとにご紹介します。',
      keywords: [
        'yardshare 使い方',
        '貸し農園 借りる',
        'ワークエクスチェンジ 農園',
        '庭 貸し出し',
        'コミュニティガーデン',
      ],
    },
    '/our-mission': {
      title: '私たちのミッション',
      description:
        'Yardshareは、使われていない庭や畑、農地を、地域の人々の食べものを育てる場所に変えます。私たちのビジョン、価値観、目指す成果をご覧ください。',
      keywords: ['yardshare ミッション', '都市農業', '食料安全保障', '土地 シェア', 'コミュニティガーデン'],
    },
    '/community-stories': {
      title: 'コミュニティの声',
      description:
        'Yardshareで庭を開放したホスト、作業と交換でスペースを借りた栽培者、コミュニティガーデンに参加した人たちの体験談をご紹介します。',
      keywords: ['yardshare 体験談', 'ホスト 体験談', '栽培者の声', 'コミュニティガーデン 体験談'],
    },
    '/contact': {
      title: 'お問い合わせ',
      description:
        'ホスト、栽培、お支払い、安全についてのご質問は、Yardshareチームへメールまたはお電話でお寄せください。オフィスの所在地も掲載しています。すべてのお問い合わせにお答えします。',
      keywords: ['yardshare 問い合わせ', 'yardshare サポート', 'yardshare ヘルプ'],
    },
    '/terms': {
      title: '利用規約',
      description:
        'ホストまたは栽培者としてYardshareを利用する際のルールです。アカウント、手数料、キャンセル、禁止事項、責任、準拠法について定めています。',
      keywords: ['yardshare 利用規約', '安全ガイドライン', 'ホストの責任', '栽培者の責任'],
    },
    '/privacy-policy': {
      title: 'プライバシーポリシー',
      description:
        'Yardshareが収集する個人情報、その利用・共有の方法、保存期間、カリフォルニア州の権利を含むお客様の選択肢と権利について説明します。',
      keywords: ['yardshare プライバシーポリシー', '個人情報', 'カリフォルニア州 プライバシー権'],
    },
    '/blog': {
      title: 'ブログ',
      description:
        '庭のシェア、コミュニティガーデン、ワークエクスチェンジ、どこに住んでいてもできる野菜づくりについて、Yardshareチームがストーリーやガイドをお届けします。',
      keywords: ['庭シェア ブログ', '家庭菜園 ブログ', '都市農業', 'コミュニティガーデン'],
    },
    '/resources': {
      title: '栽培ガイド',
      description:
        '栽培者とホストのためのガイドです。土づくりと植え付け、シェアの取り決め、季節ごとの計画、シェアガーデンを支えるパートナー団体をご紹介します。',
      keywords: ['家庭菜園 ガイド', '野菜 育て方', '庭シェア 契約', 'シードライブラリー'],
    },
    '/auth': {
      title: 'ログイン・新規登録',
      description:
        'Yardshareにログインするか、無料アカウントを作成して、土地を掲載したり、栽培できる場所を探したりしましょう。',
    },
    '/create-listing': {
      title: '栽培スペースを掲載する',
      description: 'あなたの庭や畑を、近くの栽培者とシェアしましょう。',
    },
    '/profile': { title: 'プロフィール', description: 'あなたの掲載とアカウント設定です。' },
    '/messages': { title: 'メッセージ', description: 'ホストや栽培者とのやり取りです。' },
    '/bookings': {
      title: '予約一覧',
      description: 'あなたが予約した栽培スペースと、Yardshareに掲載したスペースへの予約です。',
    },
    '/notifications': {
      title: '通知',
      description: '予約、メッセージ、レビューに関するお知らせです。',
    },
    '/saved': { title: '保存済み', description: 'Yardshareで保存した栽培スペースと検索条件です。' },
    '/reset-password': {
      title: '新しいパスワードの設定',
      description: 'Yardshareアカウントの新しいパスワードを設定してください。',
    },
    '/verify-email': {
      title: 'メールアドレスの確認',
      description: 'Yardshareアカウントのメールアドレスを確認してください。',
    },
    '/unsubscribe': { title: '配信停止', description: 'Yardshareから受け取るメールを選べます。' },
    '/payment/success': {
      title: 'お支払いが完了しました！',
      description: 'ありがとうございます。お支払いの詳細をメールでお送りしました。',
    },
    '/payment/cancel': {
      title: 'お支払いのキャンセル',
      description: 'お支払いはキャンセルされました。料金は発生していません。',
    },
  },
  article: {
    title: '広がる「庭シェア」',
    description:
      '都市や郊外で、使っていない庭を野菜を育てたい人とシェアする動きが広がっています。その理由と、参加する方法をご紹介します。',
    imageAlt: 'シェアされた裏庭のレイズドベッド。緑と土の色で描いたイラスト',
    keywords: ['yardsharing', '庭シェア', '裏庭 家庭菜園', '都市農業', 'シェア畑', '野菜を自分で育てる'],
    author: 'Yardshareチーム',
  },
  listings: {
    browse: '栽培スペースを探す',
    typeTitles: {
      rental: '庭・畑のレンタル',
      exchange: 'ワークエクスチェンジの栽培スペース',
      community: '無料のコミュニティガーデン',
    },
    typeLeads: {
      rental: '庭や菜園の区画、農地を月単位で借りられます',
      exchange: '週に数時間の作業と交換で、栽培スペースを使えます',
      community: '無料のコミュニティガーデンに参加できます',
    },
    lead: 'レンタル、ワークエクスチェンジ、無料のコミュニティガーデンが見つかります',
    titleIn: (base, location) => `${location}の${base}`,
    description: (lead, location) =>
      `${location ? `${location}とその周辺で` : 'お近くで'}${lead}。地元のホストがYardshareでシェアするスペースを探して、直接メッセージを送りましょう。`,
    keywords: ['庭 掲載', '栽培スペース'],
    defaultTypeKeyword: '貸し農園',
    locationKeyword: (location) => `${location} 貸し農園`,
  },
  listing: {
    title: (title, where) => `${where}の${title}`,
    description: (price, where, description) => `${where}・${price}。${description}`,
    pricePerMonth: (dollars) => `月額 ${dollars} ドル`,
    hoursPerWeek: (hours) => `週 ${hours} 時間`,
    rental: 'レンタル',
    exchange: 'ワークエクスチェンジ',
    community: '無料のコミュニティガーデン',
    typeKeywords: { rental: '貸し農園', exchange: 'ワークエクスチェンジ', community: 'コミュニティガーデン' },
    growingSpace: '栽培スペース',
  },
  notFound: {
    title: 'ページが見つかりません',
    description: 'お探しのページはYardshareに存在しません。',
  },
  listingNotFound: {
    title: '掲載が見つかりません',
    description:
      'この栽培スペースはYardshareでは現在ご利用いただけません。すべての掲載から、お近くの別のスペースを探してください。',
  },
  memberProfile: 'メンバープロフィール',
  booking: '予約',
  editListing: '掲載を編集',
  earnings: '収益',
  operatorConsole: '運営コンソール',
};
