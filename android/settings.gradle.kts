// Dama & Zamma for Android: the Slint app (`app`) and the uniffi Kotlin bindings (`bindings`).
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}
dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}
rootProject.name = "DamaZamma"
include(":app", ":bindings")
